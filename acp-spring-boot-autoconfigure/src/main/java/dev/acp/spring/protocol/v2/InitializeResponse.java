package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Response to the {@code initialize} method.
 *
 * @param protocolVersion the highest protocol version supported by the agent that is at
 * or below the version requested by the client
 * @param info information about the implementation sending this initialize response
 * @param capabilities capabilities supported by the agent
 * @param authMethods authentication methods supported by the agent
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InitializeResponse(Integer protocolVersion, Implementation info,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable AgentCapabilities capabilities,
		@JsonDeserialize(using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<AuthMethod> authMethods,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public InitializeResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(protocolVersion, "protocolVersion");
		Objects.requireNonNull(info, "info");
	}

	public InitializeResponse(Integer protocolVersion, Implementation info, @Nullable AgentCapabilities capabilities,
			@Nullable List<AuthMethod> authMethods, @Nullable Map<String, Object> meta) {
		this(protocolVersion, info, capabilities, authMethods, meta, Map.of());
	}

	public InitializeResponse(Integer protocolVersion, Implementation info) {
		this(protocolVersion, info, null, null, null, Map.of());
	}

}

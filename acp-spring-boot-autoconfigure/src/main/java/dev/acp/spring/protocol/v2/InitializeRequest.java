package dev.acp.spring.protocol.v2;

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
 * Request parameters for the initialize method.
 *
 * @param protocolVersion the latest protocol version supported by the client
 * @param info information about the implementation sending this initialize request
 * @param capabilities capabilities supported by the client
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InitializeRequest(Integer protocolVersion, Implementation info,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable ClientCapabilities capabilities,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public InitializeRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(protocolVersion, "protocolVersion");
		Objects.requireNonNull(info, "info");
	}

	public InitializeRequest(Integer protocolVersion, Implementation info, @Nullable ClientCapabilities capabilities,
			@Nullable Map<String, Object> meta) {
		this(protocolVersion, info, capabilities, meta, Map.of());
	}

	public InitializeRequest(Integer protocolVersion, Implementation info) {
		this(protocolVersion, info, null, null, Map.of());
	}

}

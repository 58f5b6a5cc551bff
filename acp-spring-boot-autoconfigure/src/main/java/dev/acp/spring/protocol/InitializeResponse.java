package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Result of {@code initialize}.
 *
 * @param protocolVersion the negotiated protocol version
 * @param agentCapabilities what the agent supports
 * @param authMethods the authentication methods, as objects
 * @param agentInfo the agent implementation
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InitializeResponse(Integer protocolVersion, @Nullable AgentCapabilities agentCapabilities,
		@Nullable List<AuthMethod> authMethods, @Nullable Implementation agentInfo,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public InitializeResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(protocolVersion, "protocolVersion");
	}

	public InitializeResponse(int protocolVersion, @Nullable AgentCapabilities agentCapabilities,
			@Nullable List<AuthMethod> authMethods, @Nullable Implementation agentInfo,
			@Nullable Map<String, Object> meta) {
		this(protocolVersion, agentCapabilities, authMethods, agentInfo, meta, Map.of());
	}

}

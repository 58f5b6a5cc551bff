package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Result of {@code initialize}.
 *
 * @param protocolVersion the negotiated protocol version
 * @param agentCapabilities what the agent supports
 * @param authMethods the authentication methods, as objects
 * @param agentInfo the agent implementation
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InitializeResponse(Integer protocolVersion, AgentCapabilities agentCapabilities,
		List<AuthMethod> authMethods, Implementation agentInfo, @JsonProperty("_meta") Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public InitializeResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(protocolVersion, "protocolVersion");
	}

	public InitializeResponse(int protocolVersion, AgentCapabilities agentCapabilities, List<AuthMethod> authMethods,
			Implementation agentInfo, Map<String, Object> meta) {
		this(protocolVersion, agentCapabilities, authMethods, agentInfo, meta, null);
	}

}

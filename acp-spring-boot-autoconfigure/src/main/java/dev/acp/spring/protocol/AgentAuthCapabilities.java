package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Authentication-related capabilities supported by the agent.
 *
 * @param logout whether the agent supports the logout method, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentAuthCapabilities(LogoutCapabilities logout, @JsonProperty("_meta") Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AgentAuthCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public AgentAuthCapabilities(LogoutCapabilities logout, Map<String, Object> meta) {
		this(logout, meta, null);
	}

	public AgentAuthCapabilities(LogoutCapabilities logout) {
		this(logout, null, null);
	}

	public AgentAuthCapabilities() {
		this(null, null, null);
	}

}

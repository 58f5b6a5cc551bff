package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Authentication-related capabilities supported by the agent.
 *
 * @param logout whether the agent supports the logout method
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentAuthCapabilities(@Nullable LogoutCapabilities logout,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AgentAuthCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public AgentAuthCapabilities(@Nullable LogoutCapabilities logout, @Nullable Map<String, Object> meta) {
		this(logout, meta, Map.of());
	}

	public AgentAuthCapabilities(@Nullable LogoutCapabilities logout) {
		this(logout, null, Map.of());
	}

	public AgentAuthCapabilities() {
		this(null, null, Map.of());
	}

}

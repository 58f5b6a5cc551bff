package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Logout capabilities supported by the agent.
 *
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LogoutCapabilities(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public LogoutCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public LogoutCapabilities(@Nullable Map<String, Object> meta) {
		this(meta, Map.of());
	}

	public LogoutCapabilities() {
		this(null, Map.of());
	}

}

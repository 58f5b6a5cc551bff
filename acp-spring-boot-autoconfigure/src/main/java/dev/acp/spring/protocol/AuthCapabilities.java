package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Authentication capabilities supported by the client.
 *
 * @param terminal whether the client supports {@code terminal} authentication methods
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuthCapabilities(@Nullable Boolean terminal, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AuthCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public AuthCapabilities(@Nullable Boolean terminal, @Nullable Map<String, Object> meta) {
		this(terminal, meta, Map.of());
	}

	public AuthCapabilities(@Nullable Boolean terminal) {
		this(terminal, null, Map.of());
	}

	public AuthCapabilities() {
		this(null, null, Map.of());
	}

}

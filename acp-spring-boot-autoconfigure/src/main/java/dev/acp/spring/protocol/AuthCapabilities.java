package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Authentication capabilities supported by the client.
 *
 * @param terminal whether the client supports {@code terminal} authentication methods, or
 * {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuthCapabilities(Boolean terminal, @JsonProperty("_meta") Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AuthCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public AuthCapabilities(Boolean terminal, Map<String, Object> meta) {
		this(terminal, meta, null);
	}

	public AuthCapabilities(Boolean terminal) {
		this(terminal, null, null);
	}

	public AuthCapabilities() {
		this(null, null, null);
	}

}

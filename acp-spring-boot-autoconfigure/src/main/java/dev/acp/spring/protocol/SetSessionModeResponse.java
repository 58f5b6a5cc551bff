package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Response to {@code session/set_mode} method.
 *
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SetSessionModeResponse(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SetSessionModeResponse {
		unknown = UnknownFields.of(unknown);
	}

	public SetSessionModeResponse(@Nullable Map<String, Object> meta) {
		this(meta, Map.of());
	}

	public SetSessionModeResponse() {
		this(null, Map.of());
	}

}

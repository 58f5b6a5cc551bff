package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Session configuration option capabilities supported by the client.
 *
 * @param booleanOptions whether the client supports boolean session configuration options
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionConfigOptionsCapabilities(
		@JsonProperty("boolean") @Nullable BooleanConfigOptionCapabilities booleanOptions,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionConfigOptionsCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionConfigOptionsCapabilities(@Nullable BooleanConfigOptionCapabilities booleanOptions,
			@Nullable Map<String, Object> meta) {
		this(booleanOptions, meta, Map.of());
	}

	public SessionConfigOptionsCapabilities(@Nullable BooleanConfigOptionCapabilities booleanOptions) {
		this(booleanOptions, null, Map.of());
	}

	public SessionConfigOptionsCapabilities() {
		this(null, null, Map.of());
	}

}

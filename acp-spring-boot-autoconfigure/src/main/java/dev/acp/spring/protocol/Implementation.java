package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Name and version of a client or agent implementation.
 *
 * @param name the programmatic name
 * @param title a human-readable title
 * @param version the version
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Implementation(String name, @Nullable String title, String version,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public Implementation {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(version, "version");
	}

	public Implementation(String name, @Nullable String title, String version, @Nullable Map<String, Object> meta) {
		this(name, title, version, meta, Map.of());
	}

	public Implementation(String name, String version) {
		this(name, null, version, null);
	}

}

package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * A mode the agent can operate in.
 *
 * @param id stable identifier used to refer to this protocol object in later messages
 * @param name human-readable name shown for this protocol object
 * @param description optional human-readable details shown with this protocol object
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionMode(String id, String name, @Nullable String description,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionMode {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(id, "id");
		Objects.requireNonNull(name, "name");
	}

	public SessionMode(String id, String name, @Nullable String description, @Nullable Map<String, Object> meta) {
		this(id, name, description, meta, Map.of());
	}

	public SessionMode(String id, String name, @Nullable String description) {
		this(id, name, description, null, Map.of());
	}

	public SessionMode(String id, String name) {
		this(id, name, null, null, Map.of());
	}

}

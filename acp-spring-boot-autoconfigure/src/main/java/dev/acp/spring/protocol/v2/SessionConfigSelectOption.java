package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * A possible value for a session configuration option.
 *
 * @param value unique identifier for this option value
 * @param name human-readable label for this option value
 * @param description optional description for this option value
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionConfigSelectOption(String value, String name,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionConfigSelectOption {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(value, "value");
		Objects.requireNonNull(name, "name");
	}

	public SessionConfigSelectOption(String value, String name, @Nullable String description,
			@Nullable Map<String, Object> meta) {
		this(value, name, description, meta, Map.of());
	}

	public SessionConfigSelectOption(String value, String name) {
		this(value, name, null, null, Map.of());
	}

}

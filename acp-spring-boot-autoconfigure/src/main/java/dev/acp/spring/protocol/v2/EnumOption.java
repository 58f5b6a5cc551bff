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
 * A titled enum option with a const value, human-readable title, and optional
 * description.
 *
 * @param value the constant value for this option
 * @param title human-readable title for this option
 * @param description human-readable description
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EnumOption(@JsonProperty("const") String value, String title,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public EnumOption {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(value, "value");
		Objects.requireNonNull(title, "title");
	}

	public EnumOption(String value, String title, @Nullable String description, @Nullable Map<String, Object> meta) {
		this(value, title, description, meta, Map.of());
	}

	public EnumOption(String value, String title) {
		this(value, title, null, null, Map.of());
	}

}

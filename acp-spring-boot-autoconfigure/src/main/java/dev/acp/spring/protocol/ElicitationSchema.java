package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Type-safe elicitation schema for requesting structured user input.
 *
 * @param type type discriminator
 * @param title optional title for the schema
 * @param properties property definitions (must be primitive types)
 * @param required list of required property names
 * @param description optional description of what this schema represents
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElicitationSchema(@Nullable ElicitationSchemaType type, @Nullable String title,
		@Nullable Map<String, ElicitationPropertySchema> properties, @Nullable List<String> required,
		@Nullable String description, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ElicitationSchema {
		unknown = UnknownFields.of(unknown);
	}

	public ElicitationSchema(@Nullable ElicitationSchemaType type, @Nullable String title,
			@Nullable Map<String, ElicitationPropertySchema> properties, @Nullable List<String> required,
			@Nullable String description, @Nullable Map<String, Object> meta) {
		this(type, title, properties, required, description, meta, Map.of());
	}

	public ElicitationSchema(@Nullable ElicitationSchemaType type, @Nullable String title,
			@Nullable Map<String, ElicitationPropertySchema> properties, @Nullable List<String> required,
			@Nullable String description) {
		this(type, title, properties, required, description, null, Map.of());
	}

	public ElicitationSchema() {
		this(null, null, null, null, null, null, Map.of());
	}

}

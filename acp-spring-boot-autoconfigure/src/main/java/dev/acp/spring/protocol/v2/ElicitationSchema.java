package dev.acp.spring.protocol.v2;

import java.util.List;
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
public record ElicitationSchema(ElicitationSchemaType type,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
		Map<String, ElicitationPropertySchema> properties, @Nullable List<String> required,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ElicitationSchema {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(type, "type");
		Objects.requireNonNull(properties, "properties");
	}

	public ElicitationSchema(ElicitationSchemaType type, @Nullable String title,
			Map<String, ElicitationPropertySchema> properties, @Nullable List<String> required,
			@Nullable String description, @Nullable Map<String, Object> meta) {
		this(type, title, properties, required, description, meta, Map.of());
	}

	public ElicitationSchema(ElicitationSchemaType type, Map<String, ElicitationPropertySchema> properties) {
		this(type, null, properties, null, null, null, Map.of());
	}

}

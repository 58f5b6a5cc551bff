package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Type-safe elicitation schema for requesting structured user input.
 *
 * @param type type discriminator, or {@code null}
 * @param title optional title for the schema, or {@code null}
 * @param properties property definitions (must be primitive types), or {@code null}
 * @param required list of required property names, or {@code null}
 * @param description optional description of what this schema represents, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElicitationSchema(ElicitationSchemaType type, String title,
		Map<String, ElicitationPropertySchema> properties, List<String> required, String description,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ElicitationSchema {
		unknown = UnknownFields.of(unknown);
	}

	public ElicitationSchema(ElicitationSchemaType type, String title,
			Map<String, ElicitationPropertySchema> properties, List<String> required, String description,
			Map<String, Object> meta) {
		this(type, title, properties, required, description, meta, null);
	}

	public ElicitationSchema(ElicitationSchemaType type, String title,
			Map<String, ElicitationPropertySchema> properties, List<String> required, String description) {
		this(type, title, properties, required, description, null, null);
	}

	public ElicitationSchema() {
		this(null, null, null, null, null, null, null);
	}

}

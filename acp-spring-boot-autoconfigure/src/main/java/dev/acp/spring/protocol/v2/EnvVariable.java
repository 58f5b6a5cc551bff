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
 * An environment variable to set when launching a process.
 *
 * @param name the name of the environment variable
 * @param value the value to set for the environment variable
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EnvVariable(String name, String value,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public EnvVariable {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(value, "value");
	}

	public EnvVariable(String name, String value, @Nullable Map<String, Object> meta) {
		this(name, value, meta, Map.of());
	}

	public EnvVariable(String name, String value) {
		this(name, value, null, Map.of());
	}

}

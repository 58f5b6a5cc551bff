package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Params of {@code session/set_config_option}: a value id for a select option, or
 * {@code type: "boolean"} with a boolean value.
 *
 * @param sessionId the session
 * @param configId the configuration option to set
 * @param type {@code boolean} for a boolean option, or {@code null} for a value id
 * @param value the value: a string value id, or a boolean when {@code type} is
 * {@code boolean}
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SetSessionConfigOptionRequest(String sessionId, String configId, @Nullable String type, JsonNode value,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SetSessionConfigOptionRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(configId, "configId");
		Objects.requireNonNull(value, "value");
		if ("boolean".equals(type) && !value.isBoolean()) {
			throw new IllegalArgumentException("value must be a boolean when type is 'boolean'");
		}
		if (type == null && !value.isString()) {
			throw new IllegalArgumentException("value must be a string value id");
		}
	}

	public SetSessionConfigOptionRequest(String sessionId, String configId, @Nullable String type, JsonNode value,
			@Nullable Map<String, Object> meta) {
		this(sessionId, configId, type, value, meta, Map.of());
	}

	/**
	 * A request choosing a value of a select option.
	 * @param sessionId the session
	 * @param configId the option
	 * @param valueId the value id
	 * @return the request
	 */
	public static SetSessionConfigOptionRequest ofValue(String sessionId, String configId, String valueId) {
		return new SetSessionConfigOptionRequest(sessionId, configId, null,
				JsonNodeFactory.instance.stringNode(Objects.requireNonNull(valueId, "value")), null);
	}

	/**
	 * A request setting a boolean option.
	 * @param sessionId the session
	 * @param configId the option
	 * @param value the value
	 * @return the request
	 */
	public static SetSessionConfigOptionRequest ofBoolean(String sessionId, String configId, boolean value) {
		return new SetSessionConfigOptionRequest(sessionId, configId, "boolean",
				JsonNodeFactory.instance.booleanNode(value), null);
	}

	/**
	 * The value id, when the value is a string.
	 * @return the value id
	 */
	public @Nullable String valueId() {
		return this.value.isString() ? this.value.stringValue() : null;
	}

	/**
	 * The boolean value, when the value is a boolean.
	 * @return the value
	 */
	public @Nullable Boolean booleanValue() {
		return this.value.isBoolean() ? this.value.booleanValue() : null;
	}

}

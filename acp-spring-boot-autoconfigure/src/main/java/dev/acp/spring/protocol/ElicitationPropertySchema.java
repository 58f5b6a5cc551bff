package dev.acp.spring.protocol;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * A property of an elicitation form, discriminated by {@code type}. Types this version
 * does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = ElicitationPropertySchema.Deserializer.class)
public sealed interface ElicitationPropertySchema
		permits ElicitationPropertySchema.StringPropertySchema, ElicitationPropertySchema.NumberPropertySchema,
		ElicitationPropertySchema.IntegerPropertySchema, ElicitationPropertySchema.BooleanPropertySchema,
		ElicitationPropertySchema.MultiSelectPropertySchema, ElicitationPropertySchema.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	String type();

	/**
	 * Schema for string properties in an elicitation form.
	 *
	 * @param title optional title for the property, or {@code null}
	 * @param description human-readable description, or {@code null}
	 * @param minLength minimum string length, or {@code null}
	 * @param maxLength maximum string length, or {@code null}
	 * @param pattern pattern the string must match, or {@code null}
	 * @param format string format, or {@code null}
	 * @param defaultValue default value, or {@code null}
	 * @param enumValues enum values for untitled single-select enums, or {@code null}
	 * @param oneOf titled enum options for titled single-select enums, or {@code null}
	 * @param meta the {@code _meta} object, or {@code null}
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record StringPropertySchema(String title, String description, Integer minLength, Integer maxLength, String pattern,
			StringFormat format, @JsonProperty("default") String defaultValue,
			@JsonProperty("enum") List<String> enumValues, List<EnumOption> oneOf,
			@JsonProperty("_meta") Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public StringPropertySchema {
			unknown = UnknownFields.of(unknown);
		}

		public StringPropertySchema(String title, String description, Integer minLength, Integer maxLength,
				String pattern, StringFormat format, String defaultValue, List<String> enumValues,
				List<EnumOption> oneOf, Map<String, Object> meta) {
			this(title, description, minLength, maxLength, pattern, format, defaultValue, enumValues, oneOf, meta,
					null);
		}

		public StringPropertySchema(String title, String description, Integer minLength, Integer maxLength,
				String pattern, StringFormat format, String defaultValue, List<String> enumValues,
				List<EnumOption> oneOf) {
			this(title, description, minLength, maxLength, pattern, format, defaultValue, enumValues, oneOf, null,
					null);
		}

		public StringPropertySchema() {
			this(null, null, null, null, null, null, null, null, null, null, null);
		}

		@Override
		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "string";
		}

	}

	/**
	 * Schema for number (floating-point) properties in an elicitation form.
	 *
	 * @param title optional title for the property, or {@code null}
	 * @param description human-readable description, or {@code null}
	 * @param minimum minimum value (inclusive), or {@code null}
	 * @param maximum maximum value (inclusive), or {@code null}
	 * @param defaultValue default value, or {@code null}
	 * @param meta the {@code _meta} object, or {@code null}
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record NumberPropertySchema(String title, String description, BigDecimal minimum, BigDecimal maximum,
			@JsonProperty("default") BigDecimal defaultValue, @JsonProperty("_meta") Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public NumberPropertySchema {
			unknown = UnknownFields.of(unknown);
		}

		public NumberPropertySchema(String title, String description, BigDecimal minimum, BigDecimal maximum,
				BigDecimal defaultValue, Map<String, Object> meta) {
			this(title, description, minimum, maximum, defaultValue, meta, null);
		}

		public NumberPropertySchema(String title, String description, BigDecimal minimum, BigDecimal maximum,
				BigDecimal defaultValue) {
			this(title, description, minimum, maximum, defaultValue, null, null);
		}

		public NumberPropertySchema() {
			this(null, null, null, null, null, null, null);
		}

		@Override
		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "number";
		}

	}

	/**
	 * Schema for integer properties in an elicitation form.
	 *
	 * @param title optional title for the property, or {@code null}
	 * @param description human-readable description, or {@code null}
	 * @param minimum minimum value (inclusive), or {@code null}
	 * @param maximum maximum value (inclusive), or {@code null}
	 * @param defaultValue default value, or {@code null}
	 * @param meta the {@code _meta} object, or {@code null}
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record IntegerPropertySchema(String title, String description, Long minimum, Long maximum,
			@JsonProperty("default") Long defaultValue, @JsonProperty("_meta") Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public IntegerPropertySchema {
			unknown = UnknownFields.of(unknown);
		}

		public IntegerPropertySchema(String title, String description, Long minimum, Long maximum, Long defaultValue,
				Map<String, Object> meta) {
			this(title, description, minimum, maximum, defaultValue, meta, null);
		}

		public IntegerPropertySchema(String title, String description, Long minimum, Long maximum, Long defaultValue) {
			this(title, description, minimum, maximum, defaultValue, null, null);
		}

		public IntegerPropertySchema() {
			this(null, null, null, null, null, null, null);
		}

		@Override
		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "integer";
		}

	}

	/**
	 * Schema for boolean properties in an elicitation form.
	 *
	 * @param title optional title for the property, or {@code null}
	 * @param description human-readable description, or {@code null}
	 * @param defaultValue default value, or {@code null}
	 * @param meta the {@code _meta} object, or {@code null}
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record BooleanPropertySchema(String title, String description, @JsonProperty("default") Boolean defaultValue,
			@JsonProperty("_meta") Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public BooleanPropertySchema {
			unknown = UnknownFields.of(unknown);
		}

		public BooleanPropertySchema(String title, String description, Boolean defaultValue, Map<String, Object> meta) {
			this(title, description, defaultValue, meta, null);
		}

		public BooleanPropertySchema(String title, String description, Boolean defaultValue) {
			this(title, description, defaultValue, null, null);
		}

		public BooleanPropertySchema() {
			this(null, null, null, null, null);
		}

		@Override
		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "boolean";
		}

	}

	/**
	 * Schema for multi-select (array) properties in an elicitation form.
	 *
	 * @param title optional title for the property, or {@code null}
	 * @param description human-readable description, or {@code null}
	 * @param minItems minimum number of items to select, or {@code null}
	 * @param maxItems maximum number of items to select, or {@code null}
	 * @param items the items definition describing allowed values
	 * @param defaultValue default selected values, or {@code null}
	 * @param meta the {@code _meta} object, or {@code null}
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record MultiSelectPropertySchema(String title, String description, Long minItems, Long maxItems,
			MultiSelectItems items, @JsonProperty("default") List<String> defaultValue,
			@JsonProperty("_meta") Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public MultiSelectPropertySchema {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(items, "items");
		}

		public MultiSelectPropertySchema(String title, String description, Long minItems, Long maxItems,
				MultiSelectItems items, List<String> defaultValue, Map<String, Object> meta) {
			this(title, description, minItems, maxItems, items, defaultValue, meta, null);
		}

		public MultiSelectPropertySchema(String title, String description, Long minItems, Long maxItems,
				MultiSelectItems items, List<String> defaultValue) {
			this(title, description, minItems, maxItems, items, defaultValue, null, null);
		}

		public MultiSelectPropertySchema(MultiSelectItems items) {
			this(null, null, null, null, items, null, null, null);
		}

		@Override
		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "array";
		}

	}

	/**
	 * A property schema of a type this version does not know, kept whole and written back
	 * as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements ElicitationPropertySchema {

	}

	/**
	 * Reads ElicitationPropertySchema values, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<ElicitationPropertySchema> {

		Deserializer() {
			super(ElicitationPropertySchema.class, "type",
					Map.of("string", StringPropertySchema.class, "number", NumberPropertySchema.class, "integer",
							IntegerPropertySchema.class, "boolean", BooleanPropertySchema.class, "array",
							MultiSelectPropertySchema.class),
					Unknown::new);
		}

	}

}

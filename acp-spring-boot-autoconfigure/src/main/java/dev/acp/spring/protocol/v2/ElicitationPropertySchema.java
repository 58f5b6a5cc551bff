package dev.acp.spring.protocol.v2;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.acp.spring.protocol.TaggedUnionDeserializer;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Property schema for elicitation form fields. Discriminated by {@code type}. Closed: an
 * unknown type fails.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = ElicitationPropertySchema.Deserializer.class)
public sealed interface ElicitationPropertySchema permits ElicitationPropertySchema.StringPropertySchema,
		ElicitationPropertySchema.NumberPropertySchema, ElicitationPropertySchema.IntegerPropertySchema,
		ElicitationPropertySchema.BooleanPropertySchema, ElicitationPropertySchema.MultiSelectPropertySchema {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * String property (or single-select enum when {@code enum}/{@code oneOf} is set).
	 *
	 * @param title optional title for the property
	 * @param description human-readable description
	 * @param minLength minimum string length
	 * @param maxLength maximum string length
	 * @param pattern pattern the string must match, in ECMA-262 regular expression syntax
	 * @param format string format
	 * @param defaultValue default value
	 * @param enumValues enum values for untitled single-select enums
	 * @param oneOf titled enum options for titled single-select enums
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("string")
	record StringPropertySchema(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@Nullable Long minLength, @Nullable Long maxLength, @Nullable String pattern, @Nullable StringFormat format,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("default") @Nullable String defaultValue,
			@JsonProperty("enum") @Nullable List<String> enumValues, @Nullable List<EnumOption> oneOf,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public StringPropertySchema {
			unknown = UnknownFields.of(unknown);
		}

		public StringPropertySchema(@Nullable String title, @Nullable String description, @Nullable Long minLength,
				@Nullable Long maxLength, @Nullable String pattern, @Nullable StringFormat format,
				@Nullable String defaultValue, @Nullable List<String> enumValues, @Nullable List<EnumOption> oneOf,
				@Nullable Map<String, Object> meta) {
			this(title, description, minLength, maxLength, pattern, format, defaultValue, enumValues, oneOf, meta,
					Map.of());
		}

		public StringPropertySchema() {
			this(null, null, null, null, null, null, null, null, null, null, Map.of());
		}

	}

	/**
	 * Number (floating-point) property.
	 *
	 * @param title optional title for the property
	 * @param description human-readable description
	 * @param minimum minimum value (inclusive)
	 * @param maximum maximum value (inclusive)
	 * @param defaultValue default value
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("number")
	record NumberPropertySchema(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@Nullable BigDecimal minimum, @Nullable BigDecimal maximum,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("default") @Nullable BigDecimal defaultValue,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public NumberPropertySchema {
			unknown = UnknownFields.of(unknown);
		}

		public NumberPropertySchema(@Nullable String title, @Nullable String description, @Nullable BigDecimal minimum,
				@Nullable BigDecimal maximum, @Nullable BigDecimal defaultValue, @Nullable Map<String, Object> meta) {
			this(title, description, minimum, maximum, defaultValue, meta, Map.of());
		}

		public NumberPropertySchema() {
			this(null, null, null, null, null, null, Map.of());
		}

	}

	/**
	 * Integer property.
	 *
	 * @param title optional title for the property
	 * @param description human-readable description
	 * @param minimum minimum value (inclusive)
	 * @param maximum maximum value (inclusive)
	 * @param defaultValue default value
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("integer")
	record IntegerPropertySchema(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@Nullable Long minimum, @Nullable Long maximum,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("default") @Nullable Long defaultValue,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public IntegerPropertySchema {
			unknown = UnknownFields.of(unknown);
		}

		public IntegerPropertySchema(@Nullable String title, @Nullable String description, @Nullable Long minimum,
				@Nullable Long maximum, @Nullable Long defaultValue, @Nullable Map<String, Object> meta) {
			this(title, description, minimum, maximum, defaultValue, meta, Map.of());
		}

		public IntegerPropertySchema() {
			this(null, null, null, null, null, null, Map.of());
		}

	}

	/**
	 * Boolean property.
	 *
	 * @param title optional title for the property
	 * @param description human-readable description
	 * @param defaultValue default value
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("boolean")
	record BooleanPropertySchema(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("default") @Nullable Boolean defaultValue,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public BooleanPropertySchema {
			unknown = UnknownFields.of(unknown);
		}

		public BooleanPropertySchema(@Nullable String title, @Nullable String description,
				@Nullable Boolean defaultValue, @Nullable Map<String, Object> meta) {
			this(title, description, defaultValue, meta, Map.of());
		}

		public BooleanPropertySchema() {
			this(null, null, null, null, Map.of());
		}

	}

	/**
	 * Multi-select array property.
	 *
	 * @param title optional title for the property
	 * @param description human-readable description
	 * @param minItems minimum number of items to select
	 * @param maxItems maximum number of items to select
	 * @param items the items definition describing allowed values
	 * @param defaultValue default selected values
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("array")
	record MultiSelectPropertySchema(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@Nullable Long minItems, @Nullable Long maxItems, MultiSelectItems items,
			@JsonDeserialize(
					using = SkipInvalidItemsDeserializer.OrAbsent.class) @JsonProperty("default") @Nullable List<String> defaultValue,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ElicitationPropertySchema {

		public MultiSelectPropertySchema {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(items, "items");
		}

		public MultiSelectPropertySchema(@Nullable String title, @Nullable String description, @Nullable Long minItems,
				@Nullable Long maxItems, MultiSelectItems items, @Nullable List<String> defaultValue,
				@Nullable Map<String, Object> meta) {
			this(title, description, minItems, maxItems, items, defaultValue, meta, Map.of());
		}

		public MultiSelectPropertySchema(MultiSelectItems items) {
			this(null, null, null, null, items, null, null, Map.of());
		}

	}

	/**
	 * Reads ElicitationPropertySchema values, failing on unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<ElicitationPropertySchema> {

		Deserializer() {
			super(ElicitationPropertySchema.class, "type", null);
		}

	}

}

package dev.acp.spring.protocol;

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
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * The items of a multi-select property: {@code string} items carry a {@code type}, titled
 * items have none. Types this version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = MultiSelectItems.Deserializer.class)
public sealed interface MultiSelectItems permits MultiSelectItems.StringMultiSelectItems,
		MultiSelectItems.TitledMultiSelectItems, MultiSelectItems.Unknown {

	/**
	 * String item schema for multi-select enum properties.
	 *
	 * @param enumValues allowed enum values
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record StringMultiSelectItems(@JsonProperty("enum") List<String> enumValues,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements MultiSelectItems {

		public StringMultiSelectItems {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(enumValues, "enum");
		}

		public StringMultiSelectItems(List<String> enumValues, @Nullable Map<String, Object> meta) {
			this(enumValues, meta, Map.of());
		}

		public StringMultiSelectItems(List<String> enumValues) {
			this(enumValues, null, Map.of());
		}

		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "string";
		}

	}

	/**
	 * Items definition for titled multi-select enum properties.
	 *
	 * @param anyOf titled enum options
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	record TitledMultiSelectItems(List<EnumOption> anyOf, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements MultiSelectItems {

		public TitledMultiSelectItems {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(anyOf, "anyOf");
		}

		public TitledMultiSelectItems(List<EnumOption> anyOf, @Nullable Map<String, Object> meta) {
			this(anyOf, meta, Map.of());
		}

		public TitledMultiSelectItems(List<EnumOption> anyOf) {
			this(anyOf, null, Map.of());
		}

	}

	/**
	 * Items of a type this version does not know, kept whole and written back as
	 * received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements MultiSelectItems {

	}

	/**
	 * Reads MultiSelectItems values, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<MultiSelectItems> {

		Deserializer() {
			super(MultiSelectItems.class, "type", Map.of("string", StringMultiSelectItems.class), Unknown::new,
					TitledMultiSelectItems.class);
		}

	}

}

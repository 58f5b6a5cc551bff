package dev.acp.spring.protocol.v2;

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
 * Items for a multi-select (array) property schema. Discriminated by {@code type}; titled
 * items have none. Closed: an unknown type fails.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = MultiSelectItems.Deserializer.class)
public sealed interface MultiSelectItems
		permits MultiSelectItems.StringMultiSelectItems, MultiSelectItems.TitledMultiSelectItems {

	/**
	 * Multi-select string items with plain string values.
	 *
	 * @param enumValues allowed enum values
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("string")
	record StringMultiSelectItems(@JsonProperty("enum") List<String> enumValues,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements MultiSelectItems {

		public StringMultiSelectItems {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(enumValues, "enumValues");
		}

		public StringMultiSelectItems(List<String> enumValues, @Nullable Map<String, Object> meta) {
			this(enumValues, meta, Map.of());
		}

		public StringMultiSelectItems(List<String> enumValues) {
			this(enumValues, null, Map.of());
		}

		/**
		 * The discriminator.
		 * @return the {@code type} value, {@code string}
		 */
		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return TaggedUnionDeserializer.tagOf(getClass());
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
	record TitledMultiSelectItems(List<EnumOption> anyOf,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
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
	 * Reads MultiSelectItems values, failing on unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<MultiSelectItems> {

		Deserializer() {
			super(MultiSelectItems.class, "type", Map.of("string", StringMultiSelectItems.class), null,
					TitledMultiSelectItems.class);
		}

	}

}

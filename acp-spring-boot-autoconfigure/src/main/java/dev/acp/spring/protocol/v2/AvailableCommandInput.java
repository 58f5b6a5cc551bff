package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.acp.spring.protocol.TaggedUnionDeserializer;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * The input specification for a command. Discriminated by {@code type}. Variants this
 * version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = AvailableCommandInput.Deserializer.class)
public sealed interface AvailableCommandInput permits AvailableCommandInput.Text, AvailableCommandInput.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * All text after the command name and the whitespace following it is provided as
	 * input.
	 *
	 * @param hint A hint to display when the input hasn't been provided yet
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("text")
	record Text(String hint,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements AvailableCommandInput {

		public Text {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(hint, "hint");
		}

		public Text(String hint, @Nullable Map<String, Object> meta) {
			this(hint, meta, Map.of());
		}

		public Text(String hint) {
			this(hint, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements AvailableCommandInput {

	}

	/**
	 * Reads AvailableCommandInput values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<AvailableCommandInput> {

		Deserializer() {
			super(AvailableCommandInput.class, "type", Unknown::new);
		}

	}

}

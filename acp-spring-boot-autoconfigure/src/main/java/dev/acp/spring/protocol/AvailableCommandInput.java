package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * The input a command accepts. The schema's only shape is
 * {@link UnstructuredCommandInput} (an object with a {@code hint}); an object without
 * {@code hint} is kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = AvailableCommandInput.Deserializer.class)
public sealed interface AvailableCommandInput
		permits AvailableCommandInput.UnstructuredCommandInput, AvailableCommandInput.Unknown {

	/**
	 * All text typed after the command name is the input.
	 *
	 * @param hint a hint to display when the input has not been provided yet
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	record UnstructuredCommandInput(String hint, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements AvailableCommandInput {

		public UnstructuredCommandInput {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(hint, "hint");
		}

		public UnstructuredCommandInput(String hint, @Nullable Map<String, Object> meta) {
			this(hint, meta, Map.of());
		}

		public UnstructuredCommandInput(String hint) {
			this(hint, null, Map.of());
		}

	}

	/**
	 * Input of a shape this version does not know, kept whole and written back as
	 * received.
	 *
	 * @param raw the whole object
	 */
	record Unknown(@JsonValue ObjectNode raw) implements AvailableCommandInput {

	}

	/**
	 * Reads command input by shape.
	 */
	final class Deserializer extends ValueDeserializer<AvailableCommandInput> {

		@Override
		public AvailableCommandInput deserialize(JsonParser parser, DeserializationContext context) {
			JsonNode node = context.readTree(parser);
			if (!(node instanceof ObjectNode object)) {
				return context.reportInputMismatch(AvailableCommandInput.class,
						"Expected an object for AvailableCommandInput");
			}
			if (object.has("hint")) {
				return context.readTreeAsValue(object, UnstructuredCommandInput.class);
			}
			return new Unknown(object);
		}

	}

}

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
 * A command the agent advertises to the client. Discriminated by {@code type}. Variants
 * this version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = AvailableCommand.Deserializer.class)
public sealed interface AvailableCommand permits AvailableCommand.Command, AvailableCommand.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * A slash command the user can invoke by including it in a prompt.
	 *
	 * @param name command name without the leading {@code /} (e.g., {@code
	 * create_plan}, {@code research_codebase})
	 * @param description human-readable description of what the command does
	 * @param input input for the command if required
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("command")
	record Command(String name, String description,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable AvailableCommandInput input,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements AvailableCommand {

		public Command {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(description, "description");
		}

		public Command(String name, String description, @Nullable AvailableCommandInput input,
				@Nullable Map<String, Object> meta) {
			this(name, description, input, meta, Map.of());
		}

		public Command(String name, String description) {
			this(name, description, null, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements AvailableCommand {

	}

	/**
	 * Reads AvailableCommand values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<AvailableCommand> {

		Deserializer() {
			super(AvailableCommand.class, "type", Unknown::new);
		}

	}

}

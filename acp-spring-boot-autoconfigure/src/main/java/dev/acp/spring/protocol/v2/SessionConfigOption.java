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
 * A session configuration option selector and its current state. Discriminated by
 * {@code type}. Variants this version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = SessionConfigOption.Deserializer.class)
public sealed interface SessionConfigOption
		permits SessionConfigOption.Select, SessionConfigOption.BooleanOption, SessionConfigOption.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Single-value selector (dropdown).
	 *
	 * @param configId unique identifier for the configuration option
	 * @param name human-readable label for the option
	 * @param description optional description for the Client to display to the user
	 * @param category optional semantic category for this option (UX only)
	 * @param currentValue the currently selected value
	 * @param options the set of selectable options
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("select")
	record Select(String configId, String name,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable SessionConfigOptionCategory category,
			String currentValue, SessionConfigSelectOptions options,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionConfigOption {

		public Select {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(configId, "configId");
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(currentValue, "currentValue");
			Objects.requireNonNull(options, "options");
		}

		public Select(String configId, String name, @Nullable String description,
				@Nullable SessionConfigOptionCategory category, String currentValue, SessionConfigSelectOptions options,
				@Nullable Map<String, Object> meta) {
			this(configId, name, description, category, currentValue, options, meta, Map.of());
		}

		public Select(String configId, String name, String currentValue, SessionConfigSelectOptions options) {
			this(configId, name, null, null, currentValue, options, null, Map.of());
		}

	}

	/**
	 * Boolean on/off toggle.
	 *
	 * @param configId unique identifier for the configuration option
	 * @param name human-readable label for the option
	 * @param description optional description for the Client to display to the user
	 * @param category optional semantic category for this option (UX only)
	 * @param currentValue the current value of the boolean option
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("boolean")
	record BooleanOption(String configId, String name,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable SessionConfigOptionCategory category,
			Boolean currentValue,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionConfigOption {

		public BooleanOption {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(configId, "configId");
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(currentValue, "currentValue");
		}

		public BooleanOption(String configId, String name, @Nullable String description,
				@Nullable SessionConfigOptionCategory category, Boolean currentValue,
				@Nullable Map<String, Object> meta) {
			this(configId, name, description, category, currentValue, meta, Map.of());
		}

		public BooleanOption(String configId, String name, Boolean currentValue) {
			this(configId, name, null, null, currentValue, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements SessionConfigOption {

	}

	/**
	 * Reads SessionConfigOption values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<SessionConfigOption> {

		Deserializer() {
			super(SessionConfigOption.class, "type", Unknown::new);
		}

	}

}

package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Map;

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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * A snapshot of the session's aggregate foreground activity. Discriminated by {@code
 * state}. Variants this version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = StateUpdate.Deserializer.class)
@JsonTypeName("state_update")
public sealed interface StateUpdate extends SessionUpdate
		permits StateUpdate.Running, StateUpdate.Idle, StateUpdate.RequiresAction, StateUpdate.Unknown {

	/**
	 * The session update kind: always {@code state_update}.
	 * @return the {@code sessionUpdate} value
	 */
	@Override
	@JsonProperty(value = "sessionUpdate", access = JsonProperty.Access.READ_ONLY)
	default String sessionUpdate() {
		return TaggedUnionDeserializer.tagOf(StateUpdate.class);
	}

	/**
	 * The discriminator.
	 * @return the {@code state} value
	 */
	@JsonProperty(value = "state", access = JsonProperty.Access.READ_ONLY)
	default String state() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Foreground work is in progress.
	 *
	 * @param background work running independently of foreground work, as a complete
	 * snapshot
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = { "state", "sessionUpdate" }, allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate", "state" })
	@JsonTypeName("running")
	record Running(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable List<BackgroundWork> background,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements StateUpdate {

		public Running {
			unknown = UnknownFields.of(unknown);
		}

		public Running(@Nullable List<BackgroundWork> background, @Nullable Map<String, Object> meta) {
			this(background, meta, Map.of());
		}

		public Running() {
			this(null, null, Map.of());
		}

	}

	/**
	 * No foreground work is active.
	 *
	 * @param background work running independently of foreground work, as a complete
	 * snapshot
	 * @param stopReason why foreground work stopped
	 * @param error the failure, as a JSON-RPC error object
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = { "state", "sessionUpdate" }, allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate", "state" })
	@JsonTypeName("idle")
	record Idle(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable List<BackgroundWork> background,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable StopReason stopReason,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable JsonNode error,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements StateUpdate {

		public Idle {
			unknown = UnknownFields.of(unknown);
		}

		public Idle(@Nullable List<BackgroundWork> background, @Nullable StopReason stopReason,
				@Nullable JsonNode error, @Nullable Map<String, Object> meta) {
			this(background, stopReason, error, meta, Map.of());
		}

		public Idle() {
			this(null, null, null, null, Map.of());
		}

	}

	/**
	 * Foreground work is blocked on user action.
	 *
	 * @param background work running independently of foreground work, as a complete
	 * snapshot
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = { "state", "sessionUpdate" }, allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate", "state" })
	@JsonTypeName("requires_action")
	record RequiresAction(
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable List<BackgroundWork> background,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements StateUpdate {

		public RequiresAction {
			unknown = UnknownFields.of(unknown);
		}

		public RequiresAction(@Nullable List<BackgroundWork> background, @Nullable Map<String, Object> meta) {
			this(background, meta, Map.of());
		}

		public RequiresAction() {
			this(null, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param state the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String state, @JsonValue ObjectNode raw) implements StateUpdate {

	}

	/**
	 * Reads StateUpdate values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<StateUpdate> {

		Deserializer() {
			super(StateUpdate.class, "state", Unknown::new);
		}

	}

}

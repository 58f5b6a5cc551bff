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
 * One piece of work running independently of the session's foreground work. Discriminated
 * by {@code type}. Variants this version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = BackgroundWork.Deserializer.class)
public sealed interface BackgroundWork
		permits BackgroundWork.Terminal, BackgroundWork.ToolCall, BackgroundWork.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * A process that keeps running after its tool call returned control to the model.
	 *
	 * @param terminalId the ID of the listed terminal
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("terminal")
	record Terminal(String terminalId,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements BackgroundWork {

		public Terminal {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(terminalId, "terminalId");
		}

		public Terminal(String terminalId, @Nullable Map<String, Object> meta) {
			this(terminalId, meta, Map.of());
		}

		public Terminal(String terminalId) {
			this(terminalId, null, Map.of());
		}

	}

	/**
	 * Work started by a tool call that continues without a process of its own, such as a
	 * watcher, a workflow, or a scheduled wakeup.
	 *
	 * @param toolCallId the ID of the listed tool call
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("tool_call")
	record ToolCall(String toolCallId,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements BackgroundWork {

		public ToolCall {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(toolCallId, "toolCallId");
		}

		public ToolCall(String toolCallId, @Nullable Map<String, Object> meta) {
			this(toolCallId, meta, Map.of());
		}

		public ToolCall(String toolCallId) {
			this(toolCallId, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements BackgroundWork {

	}

	/**
	 * Reads BackgroundWork values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<BackgroundWork> {

		Deserializer() {
			super(BackgroundWork.class, "type", Unknown::new);
		}

	}

}

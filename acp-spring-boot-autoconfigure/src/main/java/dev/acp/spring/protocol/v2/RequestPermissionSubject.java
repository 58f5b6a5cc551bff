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
 * The operation requiring permission. Discriminated by {@code type}. Variants this
 * version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = RequestPermissionSubject.Deserializer.class)
public sealed interface RequestPermissionSubject
		permits RequestPermissionSubject.ToolCall, RequestPermissionSubject.Command, RequestPermissionSubject.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Permission is requested before executing a tool call.
	 *
	 * @param toolCall the tool call asking for permission (written without its {@code
	 * sessionUpdate})
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("tool_call")
	record ToolCall(@JsonIgnoreProperties("sessionUpdate") ToolCallUpdate toolCall,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements RequestPermissionSubject {

		public ToolCall {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(toolCall, "toolCall");
		}

		public ToolCall(ToolCallUpdate toolCall, @Nullable Map<String, Object> meta) {
			this(toolCall, meta, Map.of());
		}

		public ToolCall(ToolCallUpdate toolCall) {
			this(toolCall, null, Map.of());
		}

	}

	/**
	 * Permission is requested before running a command.
	 *
	 * @param command the command that would be run if permission is granted
	 * @param cwd the absolute working directory for the command
	 * @param toolCallId the associated tool call, when known
	 * @param terminalId the associated terminal, when already known
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("command")
	record Command(String command, String cwd,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String toolCallId,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String terminalId,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements RequestPermissionSubject {

		public Command {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(command, "command");
			Objects.requireNonNull(cwd, "cwd");
		}

		public Command(String command, String cwd, @Nullable String toolCallId, @Nullable String terminalId,
				@Nullable Map<String, Object> meta) {
			this(command, cwd, toolCallId, terminalId, meta, Map.of());
		}

		public Command(String command, String cwd) {
			this(command, cwd, null, null, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements RequestPermissionSubject {

	}

	/**
	 * Reads RequestPermissionSubject values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<RequestPermissionSubject> {

		Deserializer() {
			super(RequestPermissionSubject.class, "type", Unknown::new);
		}

	}

}

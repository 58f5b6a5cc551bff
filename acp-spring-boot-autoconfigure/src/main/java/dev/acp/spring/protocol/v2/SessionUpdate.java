package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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
 * Different types of updates that can be sent while a session exists. Discriminated by
 * {@code sessionUpdate}. Variants this version does not know are kept whole as
 * {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = SessionUpdate.Deserializer.class)
public sealed interface SessionUpdate permits SessionUpdate.UserMessageChunk, SessionUpdate.UserMessage,
		SessionUpdate.AgentMessageChunk, SessionUpdate.AgentMessage, SessionUpdate.AgentThoughtChunk,
		SessionUpdate.AgentThought, StateUpdate, SessionUpdate.ToolCallContentChunk, ToolCallUpdate,
		SessionUpdate.TerminalUpdate, SessionUpdate.TerminalOutputChunk, SessionUpdate.PlanUpdate,
		SessionUpdate.AvailableCommandsUpdate, SessionUpdate.ConfigOptionUpdate, SessionUpdate.SessionInfoUpdate,
		SessionUpdate.UsageUpdate, SessionUpdate.Notice, SessionUpdate.CompactionUpdate,
		SessionUpdate.CompactionSummaryChunk, SessionUpdate.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code sessionUpdate} value
	 */
	@JsonProperty(value = "sessionUpdate", access = JsonProperty.Access.READ_ONLY)
	default String sessionUpdate() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * A chunk of the user's message being streamed.
	 *
	 * @param messageId A unique identifier for the message this chunk belongs to
	 * @param content A single item of content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("user_message_chunk")
	record UserMessageChunk(String messageId, ContentBlock content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public UserMessageChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(messageId, "messageId");
			Objects.requireNonNull(content, "content");
		}

		public UserMessageChunk(String messageId, ContentBlock content, @Nullable Map<String, Object> meta) {
			this(messageId, content, meta, Map.of());
		}

		public UserMessageChunk(String messageId, ContentBlock content) {
			this(messageId, content, null, Map.of());
		}

	}

	/**
	 * A user message has been created or updated.
	 *
	 * @param messageId A unique identifier for the message
	 * @param content complete replacement content for this message
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("user_message")
	record UserMessage(String messageId,
			@JsonDeserialize(using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<ContentBlock> content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public UserMessage {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(messageId, "messageId");
		}

		public UserMessage(String messageId, @Nullable List<ContentBlock> content, @Nullable Map<String, Object> meta) {
			this(messageId, content, meta, Map.of());
		}

		public UserMessage(String messageId) {
			this(messageId, null, null, Map.of());
		}

	}

	/**
	 * A chunk of the agent's response being streamed.
	 *
	 * @param messageId A unique identifier for the message this chunk belongs to
	 * @param content A single item of content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("agent_message_chunk")
	record AgentMessageChunk(String messageId, ContentBlock content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AgentMessageChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(messageId, "messageId");
			Objects.requireNonNull(content, "content");
		}

		public AgentMessageChunk(String messageId, ContentBlock content, @Nullable Map<String, Object> meta) {
			this(messageId, content, meta, Map.of());
		}

		public AgentMessageChunk(String messageId, ContentBlock content) {
			this(messageId, content, null, Map.of());
		}

	}

	/**
	 * An agent message has been created or updated.
	 *
	 * @param messageId A unique identifier for the message
	 * @param content complete replacement content for this message
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("agent_message")
	record AgentMessage(String messageId,
			@JsonDeserialize(using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<ContentBlock> content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AgentMessage {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(messageId, "messageId");
		}

		public AgentMessage(String messageId, @Nullable List<ContentBlock> content,
				@Nullable Map<String, Object> meta) {
			this(messageId, content, meta, Map.of());
		}

		public AgentMessage(String messageId) {
			this(messageId, null, null, Map.of());
		}

	}

	/**
	 * A chunk of the agent's internal reasoning being streamed.
	 *
	 * @param messageId A unique identifier for the message this chunk belongs to
	 * @param content A single item of content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("agent_thought_chunk")
	record AgentThoughtChunk(String messageId, ContentBlock content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AgentThoughtChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(messageId, "messageId");
			Objects.requireNonNull(content, "content");
		}

		public AgentThoughtChunk(String messageId, ContentBlock content, @Nullable Map<String, Object> meta) {
			this(messageId, content, meta, Map.of());
		}

		public AgentThoughtChunk(String messageId, ContentBlock content) {
			this(messageId, content, null, Map.of());
		}

	}

	/**
	 * An agent thought or reasoning message has been created or updated.
	 *
	 * @param messageId A unique identifier for the thought message
	 * @param content complete replacement content for this thought message
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("agent_thought")
	record AgentThought(String messageId,
			@JsonDeserialize(using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<ContentBlock> content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AgentThought {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(messageId, "messageId");
		}

		public AgentThought(String messageId, @Nullable List<ContentBlock> content,
				@Nullable Map<String, Object> meta) {
			this(messageId, content, meta, Map.of());
		}

		public AgentThought(String messageId) {
			this(messageId, null, null, Map.of());
		}

	}

	/**
	 * A chunk of tool-call content being streamed.
	 *
	 * @param toolCallId the ID of the tool call this content belongs to
	 * @param content A single item of content produced by the tool call
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("tool_call_content_chunk")
	record ToolCallContentChunk(String toolCallId, ToolCallContent content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public ToolCallContentChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(toolCallId, "toolCallId");
			Objects.requireNonNull(content, "content");
		}

		public ToolCallContentChunk(String toolCallId, ToolCallContent content, @Nullable Map<String, Object> meta) {
			this(toolCallId, content, meta, Map.of());
		}

		public ToolCallContentChunk(String toolCallId, ToolCallContent content) {
			this(toolCallId, content, null, Map.of());
		}

	}

	/**
	 * An agent-owned terminal has been created or updated. Every field but
	 * {@code terminalId} is a patch: a {@code null} component is a field left out (no
	 * change), an empty {@link Optional} a field sent as {@code null} (cleared), a
	 * present one replaces the value.
	 *
	 * @param terminalId unique identifier for this terminal within the session
	 * @param command the command being run
	 * @param cwd the absolute working directory of the command
	 * @param output an authoritative replacement snapshot of terminal output bytes
	 * @param exitStatus exit information
	 * @param size the terminal size the command runs with, when known
	 * @param capabilities client-initiated controls this terminal currently supports,
	 * such as cancellation
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("terminal_update")
	record TerminalUpdate(String terminalId,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Optional<String> command,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Optional<String> cwd,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Optional<TerminalOutput> output,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @Nullable Optional<TerminalExitStatus> exitStatus,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Optional<TerminalSize> size,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @Nullable Optional<TerminalCapabilities> capabilities,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public TerminalUpdate {
			unknown = UnknownFields.of(unknown);
			command = PatchFieldDeserializer.leftOutIfMalformed(command);
			cwd = PatchFieldDeserializer.leftOutIfMalformed(cwd);
			output = PatchFieldDeserializer.leftOutIfMalformed(output);
			exitStatus = PatchFieldDeserializer.leftOutIfMalformed(exitStatus);
			size = PatchFieldDeserializer.leftOutIfMalformed(size);
			capabilities = PatchFieldDeserializer.leftOutIfMalformed(capabilities);
			Objects.requireNonNull(terminalId, "terminalId");
		}

		public TerminalUpdate(String terminalId, @Nullable Optional<String> command, @Nullable Optional<String> cwd,
				@Nullable Optional<TerminalOutput> output, @Nullable Optional<TerminalExitStatus> exitStatus,
				@Nullable Optional<TerminalSize> size, @Nullable Optional<TerminalCapabilities> capabilities,
				@Nullable Map<String, Object> meta) {
			this(terminalId, command, cwd, output, exitStatus, size, capabilities, meta, Map.of());
		}

		public TerminalUpdate(String terminalId) {
			this(terminalId, null, null, null, null, null, null, null, Map.of());
		}

	}

	/**
	 * A chunk of bytes appended to an agent-owned terminal's output.
	 *
	 * @param terminalId the terminal receiving these bytes
	 * @param data independently base64-encoded terminal output bytes
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("terminal_output_chunk")
	record TerminalOutputChunk(String terminalId, String data,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public TerminalOutputChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(terminalId, "terminalId");
			Objects.requireNonNull(data, "data");
		}

		public TerminalOutputChunk(String terminalId, String data, @Nullable Map<String, Object> meta) {
			this(terminalId, data, meta, Map.of());
		}

		public TerminalOutputChunk(String terminalId, String data) {
			this(terminalId, data, null, Map.of());
		}

	}

	/**
	 * A content update for a plan identified by ID.
	 *
	 * @param plan the updated plan content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("plan_update")
	record PlanUpdate(PlanUpdateContent plan,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public PlanUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(plan, "plan");
		}

		public PlanUpdate(PlanUpdateContent plan, @Nullable Map<String, Object> meta) {
			this(plan, meta, Map.of());
		}

		public PlanUpdate(PlanUpdateContent plan) {
			this(plan, null, Map.of());
		}

	}

	/**
	 * Available commands are ready or have changed.
	 *
	 * @param availableCommands commands the agent can execute
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("available_commands_update")
	record AvailableCommandsUpdate(
			@JsonDeserialize(using = SkipInvalidItemsDeserializer.class) List<AvailableCommand> availableCommands,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AvailableCommandsUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(availableCommands, "availableCommands");
		}

		public AvailableCommandsUpdate(List<AvailableCommand> availableCommands, @Nullable Map<String, Object> meta) {
			this(availableCommands, meta, Map.of());
		}

		public AvailableCommandsUpdate(List<AvailableCommand> availableCommands) {
			this(availableCommands, null, Map.of());
		}

	}

	/**
	 * Session configuration options have been updated.
	 *
	 * @param configOptions the full set of configuration options and their current values
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("config_option_update")
	record ConfigOptionUpdate(
			@JsonDeserialize(using = SkipInvalidItemsDeserializer.class) List<SessionConfigOption> configOptions,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public ConfigOptionUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(configOptions, "configOptions");
		}

		public ConfigOptionUpdate(List<SessionConfigOption> configOptions, @Nullable Map<String, Object> meta) {
			this(configOptions, meta, Map.of());
		}

		public ConfigOptionUpdate(List<SessionConfigOption> configOptions) {
			this(configOptions, null, Map.of());
		}

	}

	/**
	 * Session metadata has been updated (title, timestamps, custom metadata).
	 *
	 * @param title human-readable title for the session
	 * @param updatedAt RFC 3339 timestamp of last activity
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("session_info_update")
	record SessionInfoUpdate(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String updatedAt,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public SessionInfoUpdate {
			unknown = UnknownFields.of(unknown);
		}

		public SessionInfoUpdate(@Nullable String title, @Nullable String updatedAt,
				@Nullable Map<String, Object> meta) {
			this(title, updatedAt, meta, Map.of());
		}

		public SessionInfoUpdate() {
			this(null, null, null, Map.of());
		}

	}

	/**
	 * Context window and cost update for the session.
	 *
	 * @param used tokens currently in context
	 * @param size total context window size in tokens
	 * @param cost cumulative session cost
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("usage_update")
	record UsageUpdate(Long used, Long size,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Cost cost,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public UsageUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(used, "used");
			Objects.requireNonNull(size, "size");
		}

		public UsageUpdate(Long used, Long size, @Nullable Cost cost, @Nullable Map<String, Object> meta) {
			this(used, size, cost, meta, Map.of());
		}

		public UsageUpdate(Long used, Long size) {
			this(used, size, null, null, Map.of());
		}

	}

	/**
	 * Information for the user that is not part of session history.
	 *
	 * @param severity presentation severity hint
	 * @param title required non-empty plain-text title that can stand alone
	 * @param description optional plain-text detail or guidance
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("notice")
	record Notice(NoticeSeverity severity, String title,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public Notice {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(severity, "severity");
			Objects.requireNonNull(title, "title");
		}

		public Notice(NoticeSeverity severity, String title, @Nullable String description,
				@Nullable Map<String, Object> meta) {
			this(severity, title, description, meta, Map.of());
		}

		public Notice(NoticeSeverity severity, String title) {
			this(severity, title, null, null, Map.of());
		}

	}

	/**
	 * A context compaction has been created or updated.
	 *
	 * @param compactionId the Agent-owned ID of this compaction, unique within the
	 * session
	 * @param status current lifecycle status
	 * @param summary complete replacement user-displayable summary content for the
	 * compaction
	 * @param error human-readable error details for the compaction
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("compaction_update")
	record CompactionUpdate(String compactionId, CompactionStatus status,
			@JsonDeserialize(using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<ContentBlock> summary,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String error,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public CompactionUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(compactionId, "compactionId");
			Objects.requireNonNull(status, "status");
		}

		public CompactionUpdate(String compactionId, CompactionStatus status, @Nullable List<ContentBlock> summary,
				@Nullable String error, @Nullable Map<String, Object> meta) {
			this(compactionId, status, summary, error, meta, Map.of());
		}

		public CompactionUpdate(String compactionId, CompactionStatus status) {
			this(compactionId, status, null, null, null, Map.of());
		}

	}

	/**
	 * A content block appended to a context compaction's retained summary.
	 *
	 * @param compactionId ID of the compaction whose summary receives this content
	 * @param content one content block to append
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("compaction_summary_chunk")
	record CompactionSummaryChunk(String compactionId, ContentBlock content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public CompactionSummaryChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(compactionId, "compactionId");
			Objects.requireNonNull(content, "content");
		}

		public CompactionSummaryChunk(String compactionId, ContentBlock content, @Nullable Map<String, Object> meta) {
			this(compactionId, content, meta, Map.of());
		}

		public CompactionSummaryChunk(String compactionId, ContentBlock content) {
			this(compactionId, content, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param sessionUpdate the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String sessionUpdate, @JsonValue ObjectNode raw) implements SessionUpdate {

	}

	/**
	 * Reads SessionUpdate values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<SessionUpdate> {

		Deserializer() {
			super(SessionUpdate.class, "sessionUpdate", Unknown::new);
		}

	}

}

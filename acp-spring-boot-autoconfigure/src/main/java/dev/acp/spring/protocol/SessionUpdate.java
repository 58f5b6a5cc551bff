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
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.JsonValue;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * An update of a session, discriminated by {@code sessionUpdate}. Kinds this version does
 * not type are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = SessionUpdate.Deserializer.class)
public sealed interface SessionUpdate permits SessionUpdate.UserMessageChunk, SessionUpdate.AgentMessageChunk,
		SessionUpdate.AgentThoughtChunk, SessionUpdate.ToolCall, ToolCallUpdate, SessionUpdate.Plan,
		SessionUpdate.AvailableCommandsUpdate, SessionUpdate.CurrentModeUpdate, SessionUpdate.ConfigOptionUpdate,
		SessionUpdate.SessionInfoUpdate, SessionUpdate.UsageUpdate, SessionUpdate.Notice,
		SessionUpdate.CompactionUpdate, SessionUpdate.CompactionSummaryChunk, SessionUpdate.PlanUpdate,
		SessionUpdate.PlanRemoved, SessionUpdate.SubagentUpdate, SessionUpdate.Unknown {

	/**
	 * The discriminator: the {@link JsonTypeName @JsonTypeName} of the variant, the one
	 * place that names it.
	 * @return the update kind
	 */
	@JsonProperty(value = "sessionUpdate", access = JsonProperty.Access.READ_ONLY)
	default String sessionUpdate() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * An {@code agent_message_chunk} update with one text block.
	 * @param text the text
	 * @return the update
	 */
	static AgentMessageChunk agentMessageChunk(String text) {
		return new AgentMessageChunk(ContentBlock.text(text));
	}

	/**
	 * A {@code user_message_chunk} update with one text block.
	 * @param text the text
	 * @return the update
	 */
	static UserMessageChunk userMessageChunk(String text) {
		return new UserMessageChunk(ContentBlock.text(text), null, null);
	}

	/**
	 * An {@code agent_thought_chunk} update with one text block.
	 * @param text the text
	 * @return the update
	 */
	static AgentThoughtChunk agentThoughtChunk(String text) {
		return new AgentThoughtChunk(ContentBlock.text(text), null, null);
	}

	/**
	 * A {@code plan} update: the whole plan, replacing the previous one.
	 * @param entries every entry of the plan
	 * @return the update
	 */
	static Plan plan(PlanEntry... entries) {
		return new Plan(List.of(entries));
	}

	/**
	 * A chunk of the user's message.
	 *
	 * @param content the content
	 * @param messageId the message id
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("user_message_chunk")
	record UserMessageChunk(ContentBlock content, @Nullable String messageId,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public UserMessageChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(content, "content");
		}

		public UserMessageChunk(ContentBlock content, @Nullable String messageId, @Nullable Map<String, Object> meta) {
			this(content, messageId, meta, Map.of());
		}

	}

	/**
	 * A chunk of the agent's message.
	 *
	 * @param content the content
	 * @param messageId the message id
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("agent_message_chunk")
	record AgentMessageChunk(ContentBlock content, @Nullable String messageId,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AgentMessageChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(content, "content");
		}

		public AgentMessageChunk(ContentBlock content, @Nullable String messageId, @Nullable Map<String, Object> meta) {
			this(content, messageId, meta, Map.of());
		}

		public AgentMessageChunk(ContentBlock content) {
			this(content, null, null);
		}

	}

	/**
	 * A chunk of the agent's reasoning.
	 *
	 * @param content the content
	 * @param messageId the message id
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("agent_thought_chunk")
	record AgentThoughtChunk(ContentBlock content, @Nullable String messageId,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AgentThoughtChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(content, "content");
		}

		public AgentThoughtChunk(ContentBlock content, @Nullable String messageId, @Nullable Map<String, Object> meta) {
			this(content, messageId, meta, Map.of());
		}

	}

	/**
	 * Represents a tool call that the language model has requested.
	 *
	 * @param toolCallId unique identifier for this tool call within the session
	 * @param title human-readable title describing what the tool is doing
	 * @param name programmatic name of the tool being invoked
	 * @param kind the category of tool being invoked
	 * @param status current execution status of the tool call
	 * @param content content produced by the tool call
	 * @param locations file locations affected by this tool call
	 * @param rawInput raw input parameters sent to the tool
	 * @param rawOutput raw output returned by the tool
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("tool_call")
	record ToolCall(String toolCallId, String title, @Nullable String name, @Nullable ToolKind kind,
			@Nullable ToolCallStatus status, @Nullable List<ToolCallContent> content,
			@Nullable List<ToolCallLocation> locations, @Nullable JsonNode rawInput, @Nullable JsonNode rawOutput,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public ToolCall {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(toolCallId, "toolCallId");
			Objects.requireNonNull(title, "title");
		}

		public ToolCall(String toolCallId, String title, @Nullable String name, @Nullable ToolKind kind,
				@Nullable ToolCallStatus status, @Nullable List<ToolCallContent> content,
				@Nullable List<ToolCallLocation> locations, @Nullable JsonNode rawInput, @Nullable JsonNode rawOutput,
				@Nullable Map<String, Object> meta) {
			this(toolCallId, title, name, kind, status, content, locations, rawInput, rawOutput, meta, Map.of());
		}

		public ToolCall(String toolCallId, String title, @Nullable String name, @Nullable ToolKind kind,
				@Nullable ToolCallStatus status, @Nullable List<ToolCallContent> content,
				@Nullable List<ToolCallLocation> locations, @Nullable JsonNode rawInput, @Nullable JsonNode rawOutput) {
			this(toolCallId, title, name, kind, status, content, locations, rawInput, rawOutput, null, Map.of());
		}

		public ToolCall(String toolCallId, String title) {
			this(toolCallId, title, null, null, null, null, null, null, null, null, Map.of());
		}

		/**
		 * A builder of a new tool call; the common case is
		 * {@code ToolCall.builder(id, title).kind(ToolKind.READ).build()}.
		 * @param toolCallId the id of the tool call, unique within the session
		 * @param title a human-readable title of what the tool does
		 * @return the builder
		 */
		public static Builder builder(String toolCallId, String title) {
			return new Builder(toolCallId, title);
		}

		/**
		 * An update of this tool call that changes nothing yet; add the changes with the
		 * {@code with...} methods of {@link ToolCallUpdate}.
		 * @return an update with this tool call's id
		 */
		public ToolCallUpdate update() {
			return new ToolCallUpdate(this.toolCallId);
		}

		/**
		 * Builds a {@link ToolCall}; every optional field is left out unless set.
		 */
		public static final class Builder {

			private final String toolCallId;

			private final String title;

			private @Nullable String name;

			private @Nullable ToolKind kind;

			private @Nullable ToolCallStatus status;

			private @Nullable List<ToolCallContent> content;

			private @Nullable List<ToolCallLocation> locations;

			private @Nullable JsonNode rawInput;

			private @Nullable JsonNode rawOutput;

			private @Nullable Map<String, Object> meta;

			private Builder(String toolCallId, String title) {
				this.toolCallId = Objects.requireNonNull(toolCallId, "toolCallId");
				this.title = Objects.requireNonNull(title, "title");
			}

			/**
			 * Set the programmatic name of the tool.
			 * @param name the name
			 * @return this builder
			 */
			public Builder name(@Nullable String name) {
				this.name = name;
				return this;
			}

			/**
			 * Set the category of the tool, which the client may show as an icon.
			 * @param kind the kind
			 * @return this builder
			 */
			public Builder kind(@Nullable ToolKind kind) {
				this.kind = kind;
				return this;
			}

			/**
			 * Set the execution status ({@code pending} when left out).
			 * @param status the status
			 * @return this builder
			 */
			public Builder status(@Nullable ToolCallStatus status) {
				this.status = status;
				return this;
			}

			/**
			 * Add a text block to the content.
			 * @param text the text
			 * @return this builder
			 */
			public Builder text(String text) {
				return content(ToolCallContent.text(text));
			}

			/**
			 * Add content items.
			 * @param content the items
			 * @return this builder
			 */
			public Builder content(ToolCallContent... content) {
				this.content = ToolCallUpdate.Builder.append(this.content, content);
				return this;
			}

			/**
			 * Add file locations the tool reads or changes.
			 * @param locations the locations
			 * @return this builder
			 */
			public Builder locations(ToolCallLocation... locations) {
				this.locations = ToolCallUpdate.Builder.append(this.locations, locations);
				return this;
			}

			/**
			 * Set the raw input of the tool.
			 * @param rawInput the input
			 * @return this builder
			 */
			public Builder rawInput(@Nullable JsonNode rawInput) {
				this.rawInput = rawInput;
				return this;
			}

			/**
			 * Set the raw output of the tool.
			 * @param rawOutput the output
			 * @return this builder
			 */
			public Builder rawOutput(@Nullable JsonNode rawOutput) {
				this.rawOutput = rawOutput;
				return this;
			}

			/**
			 * Set the {@code _meta} object.
			 * @param meta the meta
			 * @return this builder
			 */
			public Builder meta(@Nullable Map<String, Object> meta) {
				this.meta = meta;
				return this;
			}

			/**
			 * Build the tool call.
			 * @return the tool call
			 */
			public ToolCall build() {
				return new ToolCall(this.toolCallId, this.title, this.name, this.kind, this.status, this.content,
						this.locations, this.rawInput, this.rawOutput, this.meta);
			}

		}

	}

	/**
	 * An execution plan for accomplishing complex tasks.
	 *
	 * @param entries the list of tasks to be accomplished
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("plan")
	record Plan(List<PlanEntry> entries, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public Plan {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(entries, "entries");
		}

		public Plan(List<PlanEntry> entries, @Nullable Map<String, Object> meta) {
			this(entries, meta, Map.of());
		}

		public Plan(List<PlanEntry> entries) {
			this(entries, null, Map.of());
		}

	}

	/**
	 * Available commands are ready or have changed
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
	record AvailableCommandsUpdate(List<AvailableCommand> availableCommands,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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
	 * The current mode of the session has changed
	 *
	 * @param currentModeId the ID of the current mode
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("current_mode_update")
	record CurrentModeUpdate(String currentModeId, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public CurrentModeUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(currentModeId, "currentModeId");
		}

		public CurrentModeUpdate(String currentModeId, @Nullable Map<String, Object> meta) {
			this(currentModeId, meta, Map.of());
		}

		public CurrentModeUpdate(String currentModeId) {
			this(currentModeId, null, Map.of());
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
	record ConfigOptionUpdate(List<SessionConfigOption> configOptions,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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
	 * Update to session metadata.
	 *
	 * @param title human-readable title for the session
	 * @param updatedAt ISO 8601 timestamp of last activity
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("session_info_update")
	record SessionInfoUpdate(@Nullable String title, @Nullable String updatedAt,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public SessionInfoUpdate {
			unknown = UnknownFields.of(unknown);
		}

		public SessionInfoUpdate(@Nullable String title, @Nullable String updatedAt,
				@Nullable Map<String, Object> meta) {
			this(title, updatedAt, meta, Map.of());
		}

		public SessionInfoUpdate(@Nullable String title, @Nullable String updatedAt) {
			this(title, updatedAt, null, Map.of());
		}

		public SessionInfoUpdate() {
			this(null, null, null, Map.of());
		}

	}

	/**
	 * Context window and cost update for a session.
	 *
	 * @param used tokens currently in context
	 * @param size total context window size in tokens
	 * @param cost cumulative session cost (optional)
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("usage_update")
	record UsageUpdate(Long used, Long size, @Nullable Cost cost,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public UsageUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(used, "used");
			Objects.requireNonNull(size, "size");
		}

		public UsageUpdate(Long used, Long size, @Nullable Cost cost, @Nullable Map<String, Object> meta) {
			this(used, size, cost, meta, Map.of());
		}

		public UsageUpdate(Long used, Long size, @Nullable Cost cost) {
			this(used, size, cost, null, Map.of());
		}

		public UsageUpdate(Long used, Long size) {
			this(used, size, null, null, Map.of());
		}

	}

	/**
	 * Fire-and-forget information for the user.
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
	record Notice(NoticeSeverity severity, String title, @Nullable String description,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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

		public Notice(NoticeSeverity severity, String title, @Nullable String description) {
			this(severity, title, description, null, Map.of());
		}

		public Notice(NoticeSeverity severity, String title) {
			this(severity, title, null, null, Map.of());
		}

	}

	/**
	 * A context compaction upsert.
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
	record CompactionUpdate(String compactionId, CompactionStatus status, @Nullable List<ContentBlock> summary,
			@Nullable String error, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
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

		public CompactionUpdate(String compactionId, CompactionStatus status, @Nullable List<ContentBlock> summary,
				@Nullable String error) {
			this(compactionId, status, summary, error, null, Map.of());
		}

		public CompactionUpdate(String compactionId, CompactionStatus status) {
			this(compactionId, status, null, null, null, Map.of());
		}

	}

	/**
	 * A content block appended to a compaction's summary.
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
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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
	 * A content update of one plan identified by its id: the client keeps the other
	 * plans. Sent only to a client that advertised {@code clientCapabilities.plan};
	 * unstable in the ACP schema.
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
	record PlanUpdate(PlanUpdateContent plan, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public PlanUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(plan, "plan");
		}

		public PlanUpdate(PlanUpdateContent plan) {
			this(plan, null, Map.of());
		}

	}

	/**
	 * The removal of one plan identified by its id. Sent only to a client that advertised
	 * {@code clientCapabilities.plan}; unstable in the ACP schema.
	 *
	 * @param planId the id of the plan to remove
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("plan_removed")
	record PlanRemoved(String planId, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public PlanRemoved {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(planId, "planId");
		}

		public PlanRemoved(String planId) {
			this(planId, null, Map.of());
		}

	}

	/**
	 * Announces or changes a child session owned by the enclosing parent session. Sent
	 * only to a client that advertised {@code clientCapabilities.subagents}; unstable in
	 * the ACP schema. The fields are a patch: a field left out keeps its previous value.
	 * A {@code null} component is left out when written, so it keeps the previous value;
	 * a received explicit {@code null} (clear) reads as {@code null} too.
	 *
	 * @param sessionId the id of the child session
	 * @param title the parent's display title for the child
	 * @param description the parent's description of the child's role
	 * @param capabilities client-initiated mutations permitted on the child
	 * @param state the current state snapshot of the child, as received (the
	 * {@code StateUpdate} union is not typed by this version)
	 * @param cwd the child's absolute working directory
	 * @param additionalDirectories the child's additional absolute workspace roots
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	@JsonPropertyOrder({ "sessionUpdate" })
	@JsonTypeName("subagent_update")
	record SubagentUpdate(String sessionId, @Nullable String title, @Nullable String description,
			@Nullable SubagentSessionCapabilities capabilities, @Nullable JsonNode state, @Nullable String cwd,
			@Nullable List<String> additionalDirectories, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public SubagentUpdate {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(sessionId, "sessionId");
		}

		public SubagentUpdate(String sessionId, @Nullable String title, @Nullable String description) {
			this(sessionId, title, description, null, null, null, null, null, Map.of());
		}

	}

	/**
	 * An update of a kind this version does not type, kept whole and written back as
	 * received.
	 *
	 * @param sessionUpdate the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String sessionUpdate, @JsonValue ObjectNode raw) implements SessionUpdate {

	}

	/**
	 * Reads session updates, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<SessionUpdate> {

		Deserializer() {
			super(SessionUpdate.class, "sessionUpdate", Unknown::new);
		}

	}

}

package dev.acp.spring.protocol;

import java.util.ArrayList;
import java.util.Arrays;
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
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * An update to an existing tool call: its id and the fields that changed. One type for
 * both places the protocol carries it: a {@code tool_call_update} session update (written
 * with {@code "sessionUpdate":"tool_call_update"}) and the tool call of a
 * {@link RequestPermissionRequest permission request} (written without it).
 * <p>
 * Build one with {@link #builder(String)}, or start from {@link #of(String)} and the
 * {@code with...} methods: <pre>{@code
 * ToolCallUpdate done = ToolCallUpdate.builder("call_1")
 *     .status(ToolCallStatus.COMPLETED)
 *     .text("3 tests passed")
 *     .build();
 * }</pre>
 *
 * @param toolCallId the ID of the tool call being updated
 * @param kind the new tool kind
 * @param status the new execution status
 * @param title the new human-readable title
 * @param name the new programmatic name of the tool being invoked
 * @param content the content replacing the tool call's content
 * @param locations the locations replacing the tool call's locations
 * @param rawInput the new raw input
 * @param rawOutput the new raw output
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonDeserialize(using = ValueDeserializer.None.class)
@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
@JsonPropertyOrder({ "sessionUpdate" })
@JsonTypeName("tool_call_update")
public record ToolCallUpdate(String toolCallId, @Nullable ToolKind kind, @Nullable ToolCallStatus status,
		@Nullable String title, @Nullable String name, @Nullable List<ToolCallContent> content,
		@Nullable List<ToolCallLocation> locations, @Nullable JsonNode rawInput, @Nullable JsonNode rawOutput,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

	public ToolCallUpdate {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(toolCallId, "toolCallId");
	}

	public ToolCallUpdate(String toolCallId, @Nullable ToolKind kind, @Nullable ToolCallStatus status,
			@Nullable String title, @Nullable String name, @Nullable List<ToolCallContent> content,
			@Nullable List<ToolCallLocation> locations, @Nullable JsonNode rawInput, @Nullable JsonNode rawOutput,
			@Nullable Map<String, Object> meta) {
		this(toolCallId, kind, status, title, name, content, locations, rawInput, rawOutput, meta, Map.of());
	}

	public ToolCallUpdate(String toolCallId, @Nullable ToolKind kind, @Nullable ToolCallStatus status,
			@Nullable String title, @Nullable String name, @Nullable List<ToolCallContent> content,
			@Nullable List<ToolCallLocation> locations, @Nullable JsonNode rawInput, @Nullable JsonNode rawOutput) {
		this(toolCallId, kind, status, title, name, content, locations, rawInput, rawOutput, null, Map.of());
	}

	public ToolCallUpdate(String toolCallId) {
		this(toolCallId, null, null, null, null, null, null, null, null, null, Map.of());
	}

	/**
	 * An update of the tool call with this id that changes nothing yet; add the changes
	 * with the {@code with...} methods.
	 * @param toolCallId the id of the tool call
	 * @return the update
	 */
	public static ToolCallUpdate of(String toolCallId) {
		return new ToolCallUpdate(toolCallId);
	}

	/**
	 * A builder of an update of the tool call with this id.
	 * @param toolCallId the id of the tool call
	 * @return the builder
	 */
	public static Builder builder(String toolCallId) {
		return new Builder(toolCallId);
	}

	/**
	 * This update with another status.
	 * @param status the status
	 * @return a copy
	 */
	public ToolCallUpdate withStatus(@Nullable ToolCallStatus status) {
		return new ToolCallUpdate(this.toolCallId, this.kind, status, this.title, this.name, this.content,
				this.locations, this.rawInput, this.rawOutput, this.meta, this.unknown);
	}

	/**
	 * This update with another title (and kind).
	 * @param title the title
	 * @param kind the kind
	 * @return a copy
	 */
	public ToolCallUpdate withTitle(@Nullable String title, @Nullable ToolKind kind) {
		return new ToolCallUpdate(this.toolCallId, kind, this.status, title, this.name, this.content, this.locations,
				this.rawInput, this.rawOutput, this.meta, this.unknown);
	}

	/**
	 * This update with text content (replacing the tool call's content).
	 * @param text the text
	 * @return a copy
	 */
	public ToolCallUpdate withText(String text) {
		return withContent(List.of(ToolCallContent.text(text)));
	}

	/**
	 * This update with other content (replacing the tool call's content).
	 * @param content the content
	 * @return a copy
	 */
	public ToolCallUpdate withContent(@Nullable List<ToolCallContent> content) {
		return new ToolCallUpdate(this.toolCallId, this.kind, this.status, this.title, this.name, content,
				this.locations, this.rawInput, this.rawOutput, this.meta, this.unknown);
	}

	/**
	 * Builds a {@link ToolCallUpdate}; every field but the id is left out unless set.
	 */
	public static final class Builder {

		private final String toolCallId;

		private @Nullable ToolKind kind;

		private @Nullable ToolCallStatus status;

		private @Nullable String title;

		private @Nullable String name;

		private @Nullable List<ToolCallContent> content;

		private @Nullable List<ToolCallLocation> locations;

		private @Nullable JsonNode rawInput;

		private @Nullable JsonNode rawOutput;

		private @Nullable Map<String, Object> meta;

		private Builder(String toolCallId) {
			this.toolCallId = Objects.requireNonNull(toolCallId, "toolCallId");
		}

		/**
		 * Set the tool kind.
		 * @param kind the kind
		 * @return this builder
		 */
		public Builder kind(@Nullable ToolKind kind) {
			this.kind = kind;
			return this;
		}

		/**
		 * Set the execution status.
		 * @param status the status
		 * @return this builder
		 */
		public Builder status(@Nullable ToolCallStatus status) {
			this.status = status;
			return this;
		}

		/**
		 * Set the human-readable title.
		 * @param title the title
		 * @return this builder
		 */
		public Builder title(@Nullable String title) {
			this.title = title;
			return this;
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
		 * Add a text block to the content (the content sent replaces the tool call's).
		 * @param text the text
		 * @return this builder
		 */
		public Builder text(String text) {
			return content(ToolCallContent.text(text));
		}

		/**
		 * Add content items (the content sent replaces the tool call's).
		 * @param content the items
		 * @return this builder
		 */
		public Builder content(ToolCallContent... content) {
			this.content = append(this.content, content);
			return this;
		}

		/**
		 * Add locations (the locations sent replace the tool call's).
		 * @param locations the locations
		 * @return this builder
		 */
		public Builder locations(ToolCallLocation... locations) {
			this.locations = append(this.locations, locations);
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
		 * Build the update.
		 * @return the update
		 */
		public ToolCallUpdate build() {
			return new ToolCallUpdate(this.toolCallId, this.kind, this.status, this.title, this.name, this.content,
					this.locations, this.rawInput, this.rawOutput, this.meta);
		}

		@SafeVarargs
		static <T> List<T> append(@Nullable List<T> list, T... items) {
			List<T> result = (list != null) ? new ArrayList<>(list) : new ArrayList<>();
			result.addAll(Arrays.asList(items));
			return List.copyOf(result);
		}

	}

}

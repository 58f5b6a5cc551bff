package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import tools.jackson.databind.JsonNode;

/**
 * An update to an existing tool call.
 *
 * @param toolCallId the ID of the tool call being updated
 * @param kind update the tool kind, or {@code null}
 * @param status update the execution status, or {@code null}
 * @param title update the human-readable title, or {@code null}
 * @param name update the programmatic name of the tool being invoked, or {@code null}
 * @param content replace the content collection, or {@code null}
 * @param locations replace the locations collection, or {@code null}
 * @param rawInput update the raw input, or {@code null}
 * @param rawOutput update the raw output, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ToolCallUpdate(String toolCallId, ToolKind kind, ToolCallStatus status, String title, String name,
		List<ToolCallContent> content, List<ToolCallLocation> locations, JsonNode rawInput, JsonNode rawOutput,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ToolCallUpdate {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(toolCallId, "toolCallId");
	}

	public ToolCallUpdate(String toolCallId, ToolKind kind, ToolCallStatus status, String title, String name,
			List<ToolCallContent> content, List<ToolCallLocation> locations, JsonNode rawInput, JsonNode rawOutput,
			Map<String, Object> meta) {
		this(toolCallId, kind, status, title, name, content, locations, rawInput, rawOutput, meta, null);
	}

	public ToolCallUpdate(String toolCallId, ToolKind kind, ToolCallStatus status, String title, String name,
			List<ToolCallContent> content, List<ToolCallLocation> locations, JsonNode rawInput, JsonNode rawOutput) {
		this(toolCallId, kind, status, title, name, content, locations, rawInput, rawOutput, null, null);
	}

	public ToolCallUpdate(String toolCallId) {
		this(toolCallId, null, null, null, null, null, null, null, null, null, null);
	}

	/**
	 * This update with another status.
	 * @param status the status
	 * @return a copy
	 */
	public ToolCallUpdate withStatus(ToolCallStatus status) {
		return new ToolCallUpdate(this.toolCallId, this.kind, status, this.title, this.name, this.content,
				this.locations, this.rawInput, this.rawOutput, this.meta, this.unknown);
	}

	/**
	 * This update with another title (and kind).
	 * @param title the title
	 * @param kind the kind, or {@code null}
	 * @return a copy
	 */
	public ToolCallUpdate withTitle(String title, ToolKind kind) {
		return new ToolCallUpdate(this.toolCallId, kind, this.status, title, this.name, this.content, this.locations,
				this.rawInput, this.rawOutput, this.meta, this.unknown);
	}

	/**
	 * This update with text content (replacing the tool call's content).
	 * @param text the text
	 * @return a copy
	 */
	public ToolCallUpdate withText(String text) {
		return withContent(List.of(new ToolCallContent.Content(new ContentBlock.Text(text))));
	}

	/**
	 * This update with other content (replacing the tool call's content).
	 * @param content the content
	 * @return a copy
	 */
	public ToolCallUpdate withContent(List<ToolCallContent> content) {
		return new ToolCallUpdate(this.toolCallId, this.kind, this.status, this.title, this.name, content,
				this.locations, this.rawInput, this.rawOutput, this.meta, this.unknown);
	}

}

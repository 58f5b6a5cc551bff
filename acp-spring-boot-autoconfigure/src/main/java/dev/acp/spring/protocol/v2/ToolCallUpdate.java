package dev.acp.spring.protocol.v2;

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
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Represents an upsert for a tool call that the language model has requested.
 *
 * @param toolCallId unique identifier for this tool call within the session
 * @param name programmatic name of the tool being invoked
 * @param title human-readable title describing what the tool is doing
 * @param kind the category of tool being invoked
 * @param status current execution status of the tool call
 * @param content content produced by the tool call
 * @param locations file locations affected by this tool call
 * @param rawInput raw input parameters sent to the tool
 * @param rawOutput raw output returned by the tool
 * @param capabilities client-initiated controls this tool call currently supports, such
 * as cancellation
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonDeserialize(using = ValueDeserializer.None.class)
@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
@JsonPropertyOrder({ "sessionUpdate" })
@JsonTypeName("tool_call_update")
public record ToolCallUpdate(String toolCallId, @Nullable String name, @Nullable String title, @Nullable ToolKind kind,
		@Nullable ToolCallStatus status, @Nullable List<ToolCallContent> content,
		@Nullable List<ToolCallLocation> locations, @Nullable JsonNode rawInput, @Nullable JsonNode rawOutput,
		@Nullable ToolCallCapabilities capabilities, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

	public ToolCallUpdate {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(toolCallId, "toolCallId");
	}

	public ToolCallUpdate(String toolCallId, @Nullable String name, @Nullable String title, @Nullable ToolKind kind,
			@Nullable ToolCallStatus status, @Nullable List<ToolCallContent> content,
			@Nullable List<ToolCallLocation> locations, @Nullable JsonNode rawInput, @Nullable JsonNode rawOutput,
			@Nullable ToolCallCapabilities capabilities, @Nullable Map<String, Object> meta) {
		this(toolCallId, name, title, kind, status, content, locations, rawInput, rawOutput, capabilities, meta, null);
	}

	public ToolCallUpdate(String toolCallId) {
		this(toolCallId, null, null, null, null, null, null, null, null, null, null, null);
	}

}

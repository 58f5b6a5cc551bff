package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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
import tools.jackson.databind.node.NullNode;

/**
 * Represents an upsert for a tool call that the language model has requested. Every field
 * but {@code toolCallId} is a patch: a {@code null} component is a field left out (the
 * tool call's value is unchanged), an empty {@link Optional} (a {@link NullNode} for
 * {@code rawInput} and {@code rawOutput}) is a field sent as {@code null} (the value is
 * cleared or reset to its default), a present one replaces the value.
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
public record ToolCallUpdate(String toolCallId,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Optional<String> name,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Optional<String> title,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Optional<ToolKind> kind,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Optional<ToolCallStatus> status,
		@JsonDeserialize(
				using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable Optional<List<ToolCallContent>> content,
		@JsonDeserialize(
				using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable Optional<List<ToolCallLocation>> locations,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable JsonNode rawInput,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable JsonNode rawOutput,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @Nullable Optional<ToolCallCapabilities> capabilities,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

	public ToolCallUpdate {
		unknown = UnknownFields.of(unknown);
		name = PatchFieldDeserializer.leftOutIfMalformed(name);
		title = PatchFieldDeserializer.leftOutIfMalformed(title);
		kind = PatchFieldDeserializer.leftOutIfMalformed(kind);
		status = PatchFieldDeserializer.leftOutIfMalformed(status);
		content = PatchFieldDeserializer.leftOutIfMalformed(content);
		locations = PatchFieldDeserializer.leftOutIfMalformed(locations);
		capabilities = PatchFieldDeserializer.leftOutIfMalformed(capabilities);
		Objects.requireNonNull(toolCallId, "toolCallId");
	}

	public ToolCallUpdate(String toolCallId, @Nullable Optional<String> name, @Nullable Optional<String> title,
			@Nullable Optional<ToolKind> kind, @Nullable Optional<ToolCallStatus> status,
			@Nullable Optional<List<ToolCallContent>> content, @Nullable Optional<List<ToolCallLocation>> locations,
			@Nullable JsonNode rawInput, @Nullable JsonNode rawOutput,
			@Nullable Optional<ToolCallCapabilities> capabilities, @Nullable Map<String, Object> meta) {
		this(toolCallId, name, title, kind, status, content, locations, rawInput, rawOutput, capabilities, meta,
				Map.of());
	}

	public ToolCallUpdate(String toolCallId) {
		this(toolCallId, null, null, null, null, null, null, null, null, null, null, Map.of());
	}

}

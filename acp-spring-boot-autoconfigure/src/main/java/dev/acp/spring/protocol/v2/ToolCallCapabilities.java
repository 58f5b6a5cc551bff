package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Client-initiated controls a tool call currently supports.
 *
 * @param cancel permits the Client to cancel this tool call with {@code
 * tool_call/cancel}
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ToolCallCapabilities(
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable ToolCallCancelCapabilities cancel,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ToolCallCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ToolCallCapabilities(@Nullable ToolCallCancelCapabilities cancel, @Nullable Map<String, Object> meta) {
		this(cancel, meta, Map.of());
	}

	public ToolCallCapabilities() {
		this(null, null, Map.of());
	}

}

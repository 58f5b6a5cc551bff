package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Request parameters for cancelling one tool call.
 *
 * @param sessionId the ID of the session that owns the tool call
 * @param toolCallId the ID of the tool call to cancel
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CancelToolCallRequest(String sessionId, String toolCallId,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public CancelToolCallRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(toolCallId, "toolCallId");
	}

	public CancelToolCallRequest(String sessionId, String toolCallId, @Nullable Map<String, Object> meta) {
		this(sessionId, toolCallId, meta, Map.of());
	}

	public CancelToolCallRequest(String sessionId, String toolCallId) {
		this(sessionId, toolCallId, null, Map.of());
	}

}

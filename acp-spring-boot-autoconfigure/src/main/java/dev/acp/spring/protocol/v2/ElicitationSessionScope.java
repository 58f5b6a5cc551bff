package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Session-scoped elicitation, optionally tied to a specific tool call.
 *
 * @param sessionId the session this elicitation is tied to
 * @param toolCallId optional tool call within the session
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElicitationSessionScope(String sessionId,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String toolCallId,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ElicitationSessionScope {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
	}

	public ElicitationSessionScope(String sessionId, @Nullable String toolCallId) {
		this(sessionId, toolCallId, Map.of());
	}

	public ElicitationSessionScope(String sessionId) {
		this(sessionId, null, Map.of());
	}

}

package dev.acp.spring.protocol.v2;

import java.util.List;
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
 * Request parameters for sending a user prompt to the agent.
 *
 * @param sessionId the ID of the session to send this user message to
 * @param prompt the blocks of content that compose the user's message
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptRequest(String sessionId, List<ContentBlock> prompt,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PromptRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(prompt, "prompt");
	}

	public PromptRequest(String sessionId, List<ContentBlock> prompt, @Nullable Map<String, Object> meta) {
		this(sessionId, prompt, meta, Map.of());
	}

	public PromptRequest(String sessionId, List<ContentBlock> prompt) {
		this(sessionId, prompt, null, Map.of());
	}

}

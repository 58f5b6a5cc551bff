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
 * Response acknowledging that a user prompt was inserted into the ACP conversation.
 *
 * @param messageId identifies the user message inserted into the ACP conversation
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptResponse(String messageId,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PromptResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(messageId, "messageId");
	}

	public PromptResponse(String messageId, @Nullable Map<String, Object> meta) {
		this(messageId, meta, Map.of());
	}

	public PromptResponse(String messageId) {
		this(messageId, null, Map.of());
	}

}

package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Result of {@code session/prompt}.
 *
 * @param stopReason why the turn ended
 * @param meta the {@code _meta} object, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptResponse(StopReason stopReason, @JsonProperty("_meta") Map<String, Object> meta) {

	public PromptResponse(StopReason stopReason) {
		this(stopReason, null);
	}

}

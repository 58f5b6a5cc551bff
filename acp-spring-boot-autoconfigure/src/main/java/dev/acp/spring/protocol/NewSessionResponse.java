package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Result of {@code session/new}.
 *
 * @param sessionId the id of the new session
 * @param meta the {@code _meta} object, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewSessionResponse(String sessionId, @JsonProperty("_meta") Map<String, Object> meta) {

	public NewSessionResponse(String sessionId) {
		this(sessionId, null);
	}

}

package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Result of {@code session/new}.
 *
 * @param sessionId the id of the new session
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewSessionResponse(String sessionId, @JsonProperty("_meta") Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public NewSessionResponse {
		unknown = UnknownFields.of(unknown);
	}

	public NewSessionResponse(String sessionId, Map<String, Object> meta) {
		this(sessionId, meta, null);
	}

	public NewSessionResponse(String sessionId) {
		this(sessionId, null);
	}

}

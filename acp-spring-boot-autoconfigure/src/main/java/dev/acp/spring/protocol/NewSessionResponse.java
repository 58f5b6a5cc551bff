package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Result of {@code session/new}.
 *
 * @param sessionId the id of the new session
 * @param modes the initial mode state, or {@code null}
 * @param configOptions the initial session configuration options, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewSessionResponse(String sessionId, SessionModeState modes, List<SessionConfigOption> configOptions,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public NewSessionResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
	}

	public NewSessionResponse(String sessionId, SessionModeState modes, List<SessionConfigOption> configOptions,
			Map<String, Object> meta) {
		this(sessionId, modes, configOptions, meta, null);
	}

	public NewSessionResponse(String sessionId, Map<String, Object> meta, Map<String, Object> unknown) {
		this(sessionId, null, null, meta, unknown);
	}

	public NewSessionResponse(String sessionId, Map<String, Object> meta) {
		this(sessionId, null, null, meta, null);
	}

	public NewSessionResponse(String sessionId) {
		this(sessionId, null);
	}

}

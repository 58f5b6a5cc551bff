package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Result of {@code session/new}.
 *
 * @param sessionId the id of the new session
 * @param modes the initial mode state
 * @param configOptions the initial session configuration options
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewSessionResponse(String sessionId, @Nullable SessionModeState modes,
		@Nullable List<SessionConfigOption> configOptions, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public NewSessionResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
	}

	public NewSessionResponse(String sessionId, @Nullable SessionModeState modes,
			@Nullable List<SessionConfigOption> configOptions, @Nullable Map<String, Object> meta) {
		this(sessionId, modes, configOptions, meta, Map.of());
	}

	public NewSessionResponse(String sessionId, @Nullable Map<String, Object> meta, Map<String, Object> unknown) {
		this(sessionId, null, null, meta, UnknownFields.of(unknown));
	}

	public NewSessionResponse(String sessionId, @Nullable Map<String, Object> meta) {
		this(sessionId, null, null, meta, Map.of());
	}

	public NewSessionResponse(String sessionId) {
		this(sessionId, null);
	}

}

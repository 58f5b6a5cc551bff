package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Request parameters for setting a session mode.
 *
 * @param sessionId the ID of the session to set the mode for
 * @param modeId the ID of the mode to set
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SetSessionModeRequest(String sessionId, String modeId,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SetSessionModeRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(modeId, "modeId");
	}

	public SetSessionModeRequest(String sessionId, String modeId, @Nullable Map<String, Object> meta) {
		this(sessionId, modeId, meta, Map.of());
	}

	public SetSessionModeRequest(String sessionId, String modeId) {
		this(sessionId, modeId, null, Map.of());
	}

}

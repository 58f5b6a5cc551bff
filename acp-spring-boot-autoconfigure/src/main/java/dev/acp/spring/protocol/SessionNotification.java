package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Params of the {@code session/update} notification an agent sends.
 *
 * @param sessionId the session
 * @param update the update
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionNotification(String sessionId, SessionUpdate update,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionNotification {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(update, "update");
	}

	public SessionNotification(String sessionId, SessionUpdate update, @Nullable Map<String, Object> meta) {
		this(sessionId, update, meta, Map.of());
	}

	public SessionNotification(String sessionId, SessionUpdate update) {
		this(sessionId, update, null);
	}

}

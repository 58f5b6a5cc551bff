package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Params of the {@code session/cancel} notification.
 *
 * @param sessionId the session whose work is cancelled
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CancelNotification(String sessionId, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public CancelNotification {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
	}

	public CancelNotification(String sessionId, @Nullable Map<String, Object> meta) {
		this(sessionId, meta, Map.of());
	}

}

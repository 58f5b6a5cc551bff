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
 * Notification containing a session update from the agent.
 *
 * @param sessionId the ID of the session this update pertains to
 * @param update the actual update content
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UpdateSessionNotification(String sessionId, SessionUpdate update,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public UpdateSessionNotification {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(update, "update");
	}

	public UpdateSessionNotification(String sessionId, SessionUpdate update, @Nullable Map<String, Object> meta) {
		this(sessionId, update, meta, Map.of());
	}

	public UpdateSessionNotification(String sessionId, SessionUpdate update) {
		this(sessionId, update, null, Map.of());
	}

}

package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Response from listing sessions.
 *
 * @param sessions array of session information objects
 * @param nextCursor opaque cursor token
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListSessionsResponse(List<SessionInfo> sessions, @Nullable String nextCursor,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ListSessionsResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessions, "sessions");
	}

	public ListSessionsResponse(List<SessionInfo> sessions, @Nullable String nextCursor,
			@Nullable Map<String, Object> meta) {
		this(sessions, nextCursor, meta, Map.of());
	}

	public ListSessionsResponse(List<SessionInfo> sessions, @Nullable String nextCursor) {
		this(sessions, nextCursor, null, Map.of());
	}

	public ListSessionsResponse(List<SessionInfo> sessions) {
		this(sessions, null, null, Map.of());
	}

}

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
 * Information about a session returned by session/list
 *
 * @param sessionId unique identifier for the session
 * @param cwd the working directory for this session
 * @param additionalDirectories additional workspace roots reported for this session
 * @param title human-readable title for the session
 * @param updatedAt ISO 8601 timestamp of last activity
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionInfo(String sessionId, String cwd, @Nullable List<String> additionalDirectories,
		@Nullable String title, @Nullable String updatedAt, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionInfo {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(cwd, "cwd");
	}

	public SessionInfo(String sessionId, String cwd, @Nullable List<String> additionalDirectories,
			@Nullable String title, @Nullable String updatedAt, @Nullable Map<String, Object> meta) {
		this(sessionId, cwd, additionalDirectories, title, updatedAt, meta, Map.of());
	}

	public SessionInfo(String sessionId, String cwd, @Nullable List<String> additionalDirectories,
			@Nullable String title, @Nullable String updatedAt) {
		this(sessionId, cwd, additionalDirectories, title, updatedAt, null, Map.of());
	}

	public SessionInfo(String sessionId, String cwd) {
		this(sessionId, cwd, null, null, null, null, Map.of());
	}

}

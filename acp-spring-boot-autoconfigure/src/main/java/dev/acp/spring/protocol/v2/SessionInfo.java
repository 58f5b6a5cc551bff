package dev.acp.spring.protocol.v2;

import java.util.List;
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
 * Information about a session returned by session/list.
 *
 * @param sessionId unique identifier for the session
 * @param cwd the working directory for this session
 * @param additionalDirectories additional workspace roots reported for this session
 * @param title human-readable title for the session
 * @param updatedAt RFC 3339 timestamp of last activity
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionInfo(String sessionId, String cwd, @Nullable List<String> additionalDirectories,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String updatedAt,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
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

	public SessionInfo(String sessionId, String cwd) {
		this(sessionId, cwd, null, null, null, null, Map.of());
	}

}

package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Request parameters for listing existing sessions.
 *
 * @param cwd filter sessions by working directory
 * @param cursor opaque cursor token from a previous response's nextCursor field for
 * cursor-based pagination
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ListSessionsRequest(@Nullable String cwd, @Nullable String cursor,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ListSessionsRequest {
		unknown = UnknownFields.of(unknown);
	}

	public ListSessionsRequest(@Nullable String cwd, @Nullable String cursor, @Nullable Map<String, Object> meta) {
		this(cwd, cursor, meta, Map.of());
	}

	public ListSessionsRequest(@Nullable String cwd, @Nullable String cursor) {
		this(cwd, cursor, null, Map.of());
	}

	public ListSessionsRequest() {
		this(null, null, null, Map.of());
	}

}

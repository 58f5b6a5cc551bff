package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

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
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ListSessionsRequest {
		unknown = UnknownFields.of(unknown);
	}

	public ListSessionsRequest(@Nullable String cwd, @Nullable String cursor, @Nullable Map<String, Object> meta) {
		this(cwd, cursor, meta, Map.of());
	}

	public ListSessionsRequest() {
		this(null, null, null, Map.of());
	}

}

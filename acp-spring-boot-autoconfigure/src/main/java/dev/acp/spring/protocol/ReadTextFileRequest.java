package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Params of {@code fs/read_text_file}, sent by the agent to the client.
 *
 * @param sessionId the session
 * @param path the absolute path of the file
 * @param line the first line to read (1-based), or {@code null} for the start
 * @param limit the most lines to read, or {@code null} for all
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReadTextFileRequest(String sessionId, String path, @Nullable Integer line, @Nullable Integer limit,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ReadTextFileRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(path, "path");
	}

	public ReadTextFileRequest(String sessionId, String path) {
		this(sessionId, path, null, null, null, Map.of());
	}

}

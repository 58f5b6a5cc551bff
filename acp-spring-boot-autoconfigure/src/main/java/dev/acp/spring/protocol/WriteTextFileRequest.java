package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Params of {@code fs/write_text_file}, sent by the agent to the client.
 *
 * @param sessionId the session
 * @param path the absolute path of the file
 * @param content the text to write
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WriteTextFileRequest(String sessionId, String path, String content,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public WriteTextFileRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(path, "path");
		Objects.requireNonNull(content, "content");
	}

	public WriteTextFileRequest(String sessionId, String path, String content) {
		this(sessionId, path, content, null, Map.of());
	}

}

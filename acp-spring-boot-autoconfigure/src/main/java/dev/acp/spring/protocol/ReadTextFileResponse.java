package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Result of {@code fs/read_text_file}.
 *
 * @param content the text read
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReadTextFileResponse(String content, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ReadTextFileResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(content, "content");
	}

	public ReadTextFileResponse(String content) {
		this(content, null, Map.of());
	}

	/**
	 * The text read.
	 * @param content the text
	 * @return the response
	 */
	public static ReadTextFileResponse of(String content) {
		return new ReadTextFileResponse(content);
	}

}

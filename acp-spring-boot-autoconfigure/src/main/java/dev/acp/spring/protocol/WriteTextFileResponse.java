package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Result of {@code fs/write_text_file}.
 *
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WriteTextFileResponse(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public WriteTextFileResponse {
		unknown = UnknownFields.of(unknown);
	}

	public WriteTextFileResponse() {
		this(null, Map.of());
	}

	/**
	 * The file was written.
	 * @return the response, {@code {}}
	 */
	public static WriteTextFileResponse ok() {
		return new WriteTextFileResponse();
	}

}

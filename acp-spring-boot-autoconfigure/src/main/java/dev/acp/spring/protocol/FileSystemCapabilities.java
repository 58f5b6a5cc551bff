package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The file system methods a client supports.
 *
 * @param readTextFile whether {@code fs/read_text_file} is supported
 * @param writeTextFile whether {@code fs/write_text_file} is supported
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FileSystemCapabilities(Boolean readTextFile, Boolean writeTextFile,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public FileSystemCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public FileSystemCapabilities(Boolean readTextFile, Boolean writeTextFile, Map<String, Object> meta) {
		this(readTextFile, writeTextFile, meta, null);
	}

}

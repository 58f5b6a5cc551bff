package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The file system methods a client supports.
 *
 * @param readTextFile whether {@code fs/read_text_file} is supported
 * @param writeTextFile whether {@code fs/write_text_file} is supported
 * @param meta the {@code _meta} object, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FileSystemCapabilities(Boolean readTextFile, Boolean writeTextFile,
		@JsonProperty("_meta") Map<String, Object> meta) {

}

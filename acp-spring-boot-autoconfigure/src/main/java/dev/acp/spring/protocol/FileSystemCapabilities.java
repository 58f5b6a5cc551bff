package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * The file system methods a client supports.
 *
 * @param readTextFile whether {@code fs/read_text_file} is supported
 * @param writeTextFile whether {@code fs/write_text_file} is supported
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FileSystemCapabilities(@Nullable Boolean readTextFile, @Nullable Boolean writeTextFile,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public FileSystemCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public FileSystemCapabilities(@Nullable Boolean readTextFile, @Nullable Boolean writeTextFile,
			@Nullable Map<String, Object> meta) {
		this(readTextFile, writeTextFile, meta, Map.of());
	}

}

package dev.acp.spring.protocol.v2;

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
 * A file location being accessed or modified by a tool.
 *
 * @param path the absolute file path being accessed or modified
 * @param line optional 1-based line number within the file
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ToolCallLocation(String path,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Long line,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ToolCallLocation {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(path, "path");
	}

	public ToolCallLocation(String path, @Nullable Long line, @Nullable Map<String, Object> meta) {
		this(path, line, meta, Map.of());
	}

	public ToolCallLocation(String path) {
		this(path, null, null, Map.of());
	}

}

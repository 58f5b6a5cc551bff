package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

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
public record ToolCallLocation(String path, @Nullable Integer line,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ToolCallLocation {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(path, "path");
	}

	public ToolCallLocation(String path, @Nullable Integer line, @Nullable Map<String, Object> meta) {
		this(path, line, meta, Map.of());
	}

	public ToolCallLocation(String path, @Nullable Integer line) {
		this(path, line, null, Map.of());
	}

	public ToolCallLocation(String path) {
		this(path, null, null, Map.of());
	}

	/**
	 * A location of a whole file.
	 * @param path the absolute path of the file
	 * @return the location
	 */
	public static ToolCallLocation of(String path) {
		return new ToolCallLocation(path);
	}

	/**
	 * A location of one line of a file.
	 * @param path the absolute path of the file
	 * @param line the 1-based line number
	 * @return the location
	 */
	public static ToolCallLocation of(String path, int line) {
		return new ToolCallLocation(path, line);
	}

}

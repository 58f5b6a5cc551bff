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
 * The size of an agent-owned terminal in character cells.
 *
 * @param cols number of columns
 * @param rows number of rows
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TerminalSize(Integer cols, Integer rows,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public TerminalSize {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(cols, "cols");
		Objects.requireNonNull(rows, "rows");
	}

	public TerminalSize(Integer cols, Integer rows, @Nullable Map<String, Object> meta) {
		this(cols, rows, meta, Map.of());
	}

	public TerminalSize(Integer cols, Integer rows) {
		this(cols, rows, null, Map.of());
	}

}

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
 * An authoritative replacement snapshot of terminal output bytes.
 *
 * @param data base64-encoded replacement terminal output bytes
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TerminalOutput(String data,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public TerminalOutput {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(data, "data");
	}

	public TerminalOutput(String data, @Nullable Map<String, Object> meta) {
		this(data, meta, Map.of());
	}

	public TerminalOutput(String data) {
		this(data, null, Map.of());
	}

}

package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Exit information for an agent-owned terminal.
 *
 * @param exitCode process exit code as the platform reports it, when known
 * @param signal signal that terminated the process, when known
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TerminalExitStatus(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Long exitCode,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String signal,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public TerminalExitStatus {
		unknown = UnknownFields.of(unknown);
	}

	public TerminalExitStatus(@Nullable Long exitCode, @Nullable String signal, @Nullable Map<String, Object> meta) {
		this(exitCode, signal, meta, Map.of());
	}

	public TerminalExitStatus() {
		this(null, null, null, Map.of());
	}

}

package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Response containing the exit status of a terminal command.
 *
 * @param exitCode the process exit code (may be null if terminated by signal), or
 * {@code null}
 * @param signal the signal that terminated the process (may be null if exited normally),
 * or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record WaitForTerminalExitResponse(Integer exitCode, String signal,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public WaitForTerminalExitResponse {
		unknown = UnknownFields.of(unknown);
	}

	public WaitForTerminalExitResponse(Integer exitCode, String signal, Map<String, Object> meta) {
		this(exitCode, signal, meta, null);
	}

	public WaitForTerminalExitResponse(Integer exitCode, String signal) {
		this(exitCode, signal, null, null);
	}

	public WaitForTerminalExitResponse() {
		this(null, null, null, null);
	}

}

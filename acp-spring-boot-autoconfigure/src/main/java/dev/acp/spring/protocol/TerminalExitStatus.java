package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Exit status of a terminal command.
 *
 * @param exitCode the process exit code (may be null if terminated by signal)
 * @param signal the signal that terminated the process (may be null if exited normally)
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TerminalExitStatus(@Nullable Integer exitCode, @Nullable String signal,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public TerminalExitStatus {
		unknown = UnknownFields.of(unknown);
	}

	public TerminalExitStatus(@Nullable Integer exitCode, @Nullable String signal, @Nullable Map<String, Object> meta) {
		this(exitCode, signal, meta, Map.of());
	}

	public TerminalExitStatus(@Nullable Integer exitCode, @Nullable String signal) {
		this(exitCode, signal, null, Map.of());
	}

	public TerminalExitStatus() {
		this(null, null, null, Map.of());
	}

	/**
	 * The command exited with this code.
	 * @param exitCode the exit code
	 * @return the exit status
	 */
	public static TerminalExitStatus exited(int exitCode) {
		return new TerminalExitStatus(exitCode, null);
	}

	/**
	 * The command was ended by this signal.
	 * @param signal the signal, such as {@code SIGKILL}
	 * @return the exit status
	 */
	public static TerminalExitStatus killed(String signal) {
		return new TerminalExitStatus(null, signal);
	}

}

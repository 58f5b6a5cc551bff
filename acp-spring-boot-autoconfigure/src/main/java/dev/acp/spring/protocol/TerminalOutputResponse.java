package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Response containing the terminal output and exit status.
 *
 * @param output the terminal output captured so far
 * @param truncated whether the output was truncated due to byte limits
 * @param exitStatus exit status if the command has completed
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TerminalOutputResponse(String output, Boolean truncated, @Nullable TerminalExitStatus exitStatus,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public TerminalOutputResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(output, "output");
		Objects.requireNonNull(truncated, "truncated");
	}

	public TerminalOutputResponse(String output, Boolean truncated, @Nullable TerminalExitStatus exitStatus,
			@Nullable Map<String, Object> meta) {
		this(output, truncated, exitStatus, meta, Map.of());
	}

	public TerminalOutputResponse(String output, Boolean truncated, @Nullable TerminalExitStatus exitStatus) {
		this(output, truncated, exitStatus, null, Map.of());
	}

	public TerminalOutputResponse(String output, Boolean truncated) {
		this(output, truncated, null, null, Map.of());
	}

	/**
	 * The whole output so far, of a command still running.
	 * @param output the output
	 * @return the response, not truncated, without exit status
	 */
	public static TerminalOutputResponse of(String output) {
		return new TerminalOutputResponse(output, false);
	}

	/**
	 * The end of the output so far, its beginning dropped to keep within the byte limit.
	 * @param output the output kept
	 * @return the response, truncated, without exit status
	 */
	public static TerminalOutputResponse truncated(String output) {
		return new TerminalOutputResponse(output, true);
	}

	/**
	 * This response with the exit status of the command, once it ended.
	 * @param exitStatus how it ended
	 * @return a new response
	 */
	public TerminalOutputResponse withExitStatus(TerminalExitStatus exitStatus) {
		return new TerminalOutputResponse(this.output, this.truncated, exitStatus, this.meta, this.unknown);
	}

}

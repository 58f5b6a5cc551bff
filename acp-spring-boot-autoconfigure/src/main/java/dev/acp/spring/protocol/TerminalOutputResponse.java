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
		this(output, truncated, exitStatus, meta, null);
	}

	public TerminalOutputResponse(String output, Boolean truncated, @Nullable TerminalExitStatus exitStatus) {
		this(output, truncated, exitStatus, null, null);
	}

	public TerminalOutputResponse(String output, Boolean truncated) {
		this(output, truncated, null, null, null);
	}

}

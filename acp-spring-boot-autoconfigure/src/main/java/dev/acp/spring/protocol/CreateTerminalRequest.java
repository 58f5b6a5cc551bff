package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Request to create a new terminal and execute a command.
 *
 * @param sessionId the session ID for this request
 * @param command the command to execute
 * @param args array of command arguments
 * @param env environment variables for the command
 * @param cwd working directory for the command
 * @param outputByteLimit maximum number of output bytes to retain
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CreateTerminalRequest(String sessionId, String command, @Nullable List<String> args,
		@Nullable List<EnvVariable> env, @Nullable String cwd, @Nullable Long outputByteLimit,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public CreateTerminalRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(command, "command");
	}

	public CreateTerminalRequest(String sessionId, String command, @Nullable List<String> args,
			@Nullable List<EnvVariable> env, @Nullable String cwd, @Nullable Long outputByteLimit,
			@Nullable Map<String, Object> meta) {
		this(sessionId, command, args, env, cwd, outputByteLimit, meta, Map.of());
	}

	public CreateTerminalRequest(String sessionId, String command, @Nullable List<String> args,
			@Nullable List<EnvVariable> env, @Nullable String cwd, @Nullable Long outputByteLimit) {
		this(sessionId, command, args, env, cwd, outputByteLimit, null, Map.of());
	}

	public CreateTerminalRequest(String sessionId, String command) {
		this(sessionId, command, null, null, null, null, null, Map.of());
	}

}

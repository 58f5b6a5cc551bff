package dev.acp.spring.protocol.v2;

import java.util.List;
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
 * Response from creating a new session.
 *
 * @param sessionId unique identifier for the created session
 * @param configOptions initial session configuration options
 * @param availableCommands initial commands the agent can execute in this session
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewSessionResponse(String sessionId,
		@JsonDeserialize(
				using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<SessionConfigOption> configOptions,
		@JsonDeserialize(
				using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<AvailableCommand> availableCommands,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public NewSessionResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
	}

	public NewSessionResponse(String sessionId, @Nullable List<SessionConfigOption> configOptions,
			@Nullable List<AvailableCommand> availableCommands, @Nullable Map<String, Object> meta) {
		this(sessionId, configOptions, availableCommands, meta, Map.of());
	}

	public NewSessionResponse(String sessionId) {
		this(sessionId, null, null, null, Map.of());
	}

}

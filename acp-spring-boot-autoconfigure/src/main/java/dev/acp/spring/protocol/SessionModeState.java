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
 * The set of modes and the one currently active.
 *
 * @param currentModeId the current mode the Agent is in
 * @param availableModes the set of modes that the Agent can operate in
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionModeState(String currentModeId, List<SessionMode> availableModes,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionModeState {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(currentModeId, "currentModeId");
		Objects.requireNonNull(availableModes, "availableModes");
	}

	public SessionModeState(String currentModeId, List<SessionMode> availableModes,
			@Nullable Map<String, Object> meta) {
		this(currentModeId, availableModes, meta, Map.of());
	}

	public SessionModeState(String currentModeId, List<SessionMode> availableModes) {
		this(currentModeId, availableModes, null, Map.of());
	}

}

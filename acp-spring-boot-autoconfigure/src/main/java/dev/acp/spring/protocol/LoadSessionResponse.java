package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Response from loading an existing session.
 *
 * @param modes initial mode state if supported by the Agent
 * @param configOptions initial session configuration options if supported by the Agent
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadSessionResponse(@Nullable SessionModeState modes, @Nullable List<SessionConfigOption> configOptions,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public LoadSessionResponse {
		unknown = UnknownFields.of(unknown);
	}

	public LoadSessionResponse(@Nullable SessionModeState modes, @Nullable List<SessionConfigOption> configOptions,
			@Nullable Map<String, Object> meta) {
		this(modes, configOptions, meta, Map.of());
	}

	public LoadSessionResponse(@Nullable SessionModeState modes, @Nullable List<SessionConfigOption> configOptions) {
		this(modes, configOptions, null, Map.of());
	}

	public LoadSessionResponse() {
		this(null, null, null, Map.of());
	}

}

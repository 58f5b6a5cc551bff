package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Response from loading an existing session.
 *
 * @param modes initial mode state if supported by the Agent, or {@code null}
 * @param configOptions initial session configuration options if supported by the Agent,
 * or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadSessionResponse(SessionModeState modes, List<SessionConfigOption> configOptions,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public LoadSessionResponse {
		unknown = UnknownFields.of(unknown);
	}

	public LoadSessionResponse(SessionModeState modes, List<SessionConfigOption> configOptions,
			Map<String, Object> meta) {
		this(modes, configOptions, meta, null);
	}

	public LoadSessionResponse(SessionModeState modes, List<SessionConfigOption> configOptions) {
		this(modes, configOptions, null, null);
	}

	public LoadSessionResponse() {
		this(null, null, null, null);
	}

}

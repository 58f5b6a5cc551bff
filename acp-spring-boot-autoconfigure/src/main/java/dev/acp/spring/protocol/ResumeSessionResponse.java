package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Response from resuming an existing session.
 *
 * @param modes initial mode state if supported by the Agent
 * @param configOptions initial session configuration options if supported by the Agent
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResumeSessionResponse(@Nullable SessionModeState modes, @Nullable List<SessionConfigOption> configOptions,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ResumeSessionResponse {
		unknown = UnknownFields.of(unknown);
	}

	public ResumeSessionResponse(@Nullable SessionModeState modes, @Nullable List<SessionConfigOption> configOptions,
			@Nullable Map<String, Object> meta) {
		this(modes, configOptions, meta, Map.of());
	}

	public ResumeSessionResponse(@Nullable SessionModeState modes, @Nullable List<SessionConfigOption> configOptions) {
		this(modes, configOptions, null, Map.of());
	}

	public ResumeSessionResponse() {
		this(null, null, null, Map.of());
	}

}

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
 * Response to {@code session/set_config_option} method.
 *
 * @param configOptions the full set of configuration options and their current values
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SetSessionConfigOptionResponse(List<SessionConfigOption> configOptions,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SetSessionConfigOptionResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(configOptions, "configOptions");
	}

	public SetSessionConfigOptionResponse(List<SessionConfigOption> configOptions, @Nullable Map<String, Object> meta) {
		this(configOptions, meta, Map.of());
	}

	public SetSessionConfigOptionResponse(List<SessionConfigOption> configOptions) {
		this(configOptions, null, Map.of());
	}

}

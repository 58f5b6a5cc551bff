package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;

/**
 * Request parameters for setting a session configuration option.
 *
 * @param sessionId the ID of the session to set the configuration option for
 * @param configId the ID of the configuration option to set
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SetSessionConfigOptionRequest(String sessionId, String configId,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SetSessionConfigOptionRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(configId, "configId");
	}

	public SetSessionConfigOptionRequest(String sessionId, String configId, @Nullable Map<String, Object> meta) {
		this(sessionId, configId, meta, null);
	}

	public SetSessionConfigOptionRequest(String sessionId, String configId) {
		this(sessionId, configId, null, null);
	}

}

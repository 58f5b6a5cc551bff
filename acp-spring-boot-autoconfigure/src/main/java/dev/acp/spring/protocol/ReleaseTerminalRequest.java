package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Request to release a terminal and free its resources.
 *
 * @param sessionId the session ID for this request
 * @param terminalId the ID of the terminal to release
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReleaseTerminalRequest(String sessionId, String terminalId,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ReleaseTerminalRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(terminalId, "terminalId");
	}

	public ReleaseTerminalRequest(String sessionId, String terminalId, @Nullable Map<String, Object> meta) {
		this(sessionId, terminalId, meta, Map.of());
	}

	public ReleaseTerminalRequest(String sessionId, String terminalId) {
		this(sessionId, terminalId, null, Map.of());
	}

}

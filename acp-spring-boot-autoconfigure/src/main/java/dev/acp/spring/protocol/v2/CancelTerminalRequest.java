package dev.acp.spring.protocol.v2;

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
 * Request parameters for cancelling one terminal.
 *
 * @param sessionId the ID of the session that owns the terminal
 * @param terminalId the ID of the terminal to cancel
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CancelTerminalRequest(String sessionId, String terminalId,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public CancelTerminalRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(terminalId, "terminalId");
	}

	public CancelTerminalRequest(String sessionId, String terminalId, @Nullable Map<String, Object> meta) {
		this(sessionId, terminalId, meta, Map.of());
	}

	public CancelTerminalRequest(String sessionId, String terminalId) {
		this(sessionId, terminalId, null, Map.of());
	}

}

package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Response containing the ID of the created terminal.
 *
 * @param terminalId the unique identifier for the created terminal
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CreateTerminalResponse(String terminalId, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public CreateTerminalResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(terminalId, "terminalId");
	}

	public CreateTerminalResponse(String terminalId, @Nullable Map<String, Object> meta) {
		this(terminalId, meta, Map.of());
	}

	public CreateTerminalResponse(String terminalId) {
		this(terminalId, null, Map.of());
	}

	/**
	 * The terminal created.
	 * @param terminalId its id, which the agent's later terminal calls name
	 * @return the response
	 */
	public static CreateTerminalResponse of(String terminalId) {
		return new CreateTerminalResponse(terminalId);
	}

}

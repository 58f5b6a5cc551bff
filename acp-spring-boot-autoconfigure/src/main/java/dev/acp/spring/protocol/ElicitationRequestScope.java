package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.databind.JsonNode;

/**
 * Request-scoped elicitation, tied to a specific JSON-RPC request outside of a session
 * (e.g., during auth/configuration phases before any session is started).
 *
 * @param requestId the request this elicitation is tied to
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElicitationRequestScope(JsonNode requestId, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ElicitationRequestScope {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(requestId, "requestId");
	}

	public ElicitationRequestScope(JsonNode requestId) {
		this(requestId, Map.of());
	}

}

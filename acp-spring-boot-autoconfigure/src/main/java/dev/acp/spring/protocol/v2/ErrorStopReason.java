package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Details of a failure that ended active work.
 *
 * @param error the failure, as a JSON-RPC error object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorStopReason(@Nullable JsonNode error, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ErrorStopReason {
		unknown = UnknownFields.of(unknown);
	}

	public ErrorStopReason(@Nullable JsonNode error) {
		this(error, null);
	}

	public ErrorStopReason() {
		this(null, null);
	}

}

package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Params of the {@code session/cancel} notification.
 *
 * @param sessionId the session whose work is cancelled
 * @param meta the {@code _meta} object, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CancelNotification(String sessionId, @JsonProperty("_meta") Map<String, Object> meta) {

}

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
 * Notification sent by the agent when a URL-based elicitation is complete.
 *
 * @param elicitationId the ID of the elicitation that completed
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CompleteElicitationNotification(String elicitationId,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public CompleteElicitationNotification {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(elicitationId, "elicitationId");
	}

	public CompleteElicitationNotification(String elicitationId, @Nullable Map<String, Object> meta) {
		this(elicitationId, meta, Map.of());
	}

	public CompleteElicitationNotification(String elicitationId) {
		this(elicitationId, null, Map.of());
	}

}

package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Notification to cancel an ongoing request.
 *
 * @param requestId the ID of the request to cancel: a request that the sender of this
 * notification issued
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CancelRequestNotification(JsonNode requestId,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public CancelRequestNotification {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(requestId, "requestId");
	}

	public CancelRequestNotification(JsonNode requestId, @Nullable Map<String, Object> meta) {
		this(requestId, meta, Map.of());
	}

	public CancelRequestNotification(JsonNode requestId) {
		this(requestId, null, Map.of());
	}

}

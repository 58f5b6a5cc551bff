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
 * Response to a permission request.
 *
 * @param outcome the user's decision on the permission request
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestPermissionResponse(RequestPermissionOutcome outcome,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public RequestPermissionResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(outcome, "outcome");
	}

	public RequestPermissionResponse(RequestPermissionOutcome outcome, @Nullable Map<String, Object> meta) {
		this(outcome, meta, Map.of());
	}

	public RequestPermissionResponse(RequestPermissionOutcome outcome) {
		this(outcome, null, Map.of());
	}

}

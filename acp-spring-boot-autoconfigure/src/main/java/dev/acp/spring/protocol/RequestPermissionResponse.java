package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

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
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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

	/**
	 * The user chose this option.
	 * @param optionId the id of the option chosen
	 * @return the response
	 */
	public static RequestPermissionResponse selected(String optionId) {
		return new RequestPermissionResponse(new RequestPermissionOutcome.Selected(optionId));
	}

	/**
	 * The prompt turn was cancelled before the user chose.
	 * @return the response
	 */
	public static RequestPermissionResponse cancelled() {
		return new RequestPermissionResponse(new RequestPermissionOutcome.Cancelled());
	}

}

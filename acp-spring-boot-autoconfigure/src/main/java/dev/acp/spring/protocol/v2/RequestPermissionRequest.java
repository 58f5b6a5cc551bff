package dev.acp.spring.protocol.v2;

import java.util.List;
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
 * Request for user permission to proceed with an operation.
 *
 * @param sessionId the session ID for this request
 * @param title human-readable title for the permission prompt
 * @param description optional human-readable explanation of why permission is needed
 * @param subject optional structured context about the operation requiring permission
 * @param options available permission options for the user to choose from
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestPermissionRequest(String sessionId, String title,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
		@Nullable RequestPermissionSubject subject, List<PermissionOption> options,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public RequestPermissionRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(title, "title");
		Objects.requireNonNull(options, "options");
	}

	public RequestPermissionRequest(String sessionId, String title, @Nullable String description,
			@Nullable RequestPermissionSubject subject, List<PermissionOption> options,
			@Nullable Map<String, Object> meta) {
		this(sessionId, title, description, subject, options, meta, Map.of());
	}

	public RequestPermissionRequest(String sessionId, String title, List<PermissionOption> options) {
		this(sessionId, title, null, null, options, null, Map.of());
	}

}

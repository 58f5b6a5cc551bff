package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Request for user permission to execute a tool call.
 *
 * @param sessionId the session ID for this request
 * @param toolCall details about the tool call requiring permission
 * @param options available permission options for the user to choose from
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestPermissionRequest(String sessionId, @JsonIgnoreProperties("sessionUpdate") ToolCallUpdate toolCall,
		List<PermissionOption> options, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public RequestPermissionRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(toolCall, "toolCall");
		Objects.requireNonNull(options, "options");
	}

	public RequestPermissionRequest(String sessionId, ToolCallUpdate toolCall, List<PermissionOption> options,
			@Nullable Map<String, Object> meta) {
		this(sessionId, toolCall, options, meta, Map.of());
	}

	public RequestPermissionRequest(String sessionId, ToolCallUpdate toolCall, List<PermissionOption> options) {
		this(sessionId, toolCall, options, null, Map.of());
	}

	/**
	 * A request offering these options.
	 * @param sessionId the session
	 * @param toolCall the tool call asking for permission
	 * @param options the options, in the order the client shows them
	 * @return the request
	 */
	public static RequestPermissionRequest of(String sessionId, ToolCallUpdate toolCall, PermissionOption... options) {
		return new RequestPermissionRequest(sessionId, toolCall, List.of(options));
	}

	/**
	 * A request offering the two common options: allow once (option id {@code allow}) and
	 * reject once (option id {@code reject}).
	 * @param sessionId the session
	 * @param toolCall the tool call asking for permission
	 * @return the request
	 */
	public static RequestPermissionRequest allowOrReject(String sessionId, ToolCallUpdate toolCall) {
		return of(sessionId, toolCall, PermissionOption.allowOnce("allow", "Allow"),
				PermissionOption.rejectOnce("reject", "Reject"));
	}

}

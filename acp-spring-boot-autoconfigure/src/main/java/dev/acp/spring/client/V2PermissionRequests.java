package dev.acp.spring.client;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.ToolCallContent;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import dev.acp.spring.protocol.v2.RequestPermissionSubject;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * A v2 {@code session/request_permission} as the v1 request the
 * {@link AcpPermissionPolicy} decides, and its answer back: the tool call is the
 * {@code tool_call} subject's; without one it is made from the request (the
 * {@code title}, the {@code description} as its text, a {@code command} subject as an
 * {@code execute} call with {@code rawInput {command, cwd}}, the id the subject names or
 * {@code permission-<request id>}). The v2 {@code title}, {@code description} and
 * {@code subject} stay on the v1 request as unknown fields. The answer has the same shape
 * in both versions.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2PermissionRequests {

	private V2PermissionRequests() {
	}

	static RequestPermissionRequest toV1(dev.acp.spring.protocol.v2.RequestPermissionRequest request, JsonNode params,
			JsonNode requestId, ObjectMapper mapper) {
		ToolCallUpdate toolCall = (request.subject() instanceof RequestPermissionSubject.ToolCall)
				? mapper.treeToValue(params.path("subject").path("toolCall"), ToolCallUpdate.class)
				: madeFrom(request, requestId, mapper);
		List<PermissionOption> options = mapper.treeToValue(params.get("options"),
				mapper.getTypeFactory().constructCollectionType(List.class, PermissionOption.class));
		Map<String, Object> unknown = new LinkedHashMap<>();
		for (String field : List.of("title", "description", "subject")) {
			JsonNode value = params.get(field);
			if (value != null && !value.isNull()) {
				unknown.put(field, value);
			}
		}
		return new RequestPermissionRequest(request.sessionId(), toolCall, options, request.meta(), unknown);
	}

	private static ToolCallUpdate madeFrom(dev.acp.spring.protocol.v2.RequestPermissionRequest request,
			JsonNode requestId, ObjectMapper mapper) {
		String toolCallId = null;
		ToolKind kind = null;
		JsonNode rawInput = null;
		if (request.subject() instanceof RequestPermissionSubject.Command command) {
			toolCallId = command.toolCallId();
			kind = ToolKind.EXECUTE;
			rawInput = mapper.valueToTree(Map.of("command", command.command(), "cwd", command.cwd()));
		}
		List<ToolCallContent> content = (request.description() != null)
				? List.of(ToolCallContent.text(request.description())) : null;
		return new ToolCallUpdate(
				(toolCallId != null) ? toolCallId
						: "permission-" + (requestId.isString() ? requestId.stringValue() : requestId.toString()),
				kind, null, request.title(), null, content, null, rawInput, null);
	}

	static dev.acp.spring.protocol.v2.RequestPermissionResponse toV2(RequestPermissionResponse response,
			ObjectMapper mapper) {
		return mapper.convertValue(response, dev.acp.spring.protocol.v2.RequestPermissionResponse.class);
	}

}

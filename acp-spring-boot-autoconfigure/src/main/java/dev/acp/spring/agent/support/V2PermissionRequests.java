package dev.acp.spring.agent.support;

import org.jspecify.annotations.NullMarked;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A v1 {@code session/request_permission} in v2's shape: the tool call becomes the
 * request's {@code subject} ({@code type: "tool_call"}), its title the request's
 * {@code title}; the options and {@code _meta} are kept. The answer needs no translation:
 * v2's outcomes {@code selected} and {@code cancelled} are v1's, and one the handlers do
 * not know fails the request, never approving it.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class V2PermissionRequests {

	static final String DEFAULT_TITLE = "Permission required";

	private V2PermissionRequests() {
	}

	static ObjectNode toV2(Object params, ObjectMapper mapper) {
		JsonNode tree = mapper.valueToTree(params);
		ObjectNode request = mapper.createObjectNode();
		request.set("sessionId", tree.get("sessionId"));
		JsonNode toolCall = tree.get("toolCall");
		JsonNode title = (toolCall != null) ? toolCall.get("title") : null;
		request.put("title", (title != null && title.isString() && !title.stringValue().isBlank()) ? title.stringValue()
				: DEFAULT_TITLE);
		if (toolCall instanceof ObjectNode call) {
			call.remove("sessionUpdate");
			ObjectNode subject = request.putObject("subject");
			subject.put("type", "tool_call");
			subject.set("toolCall", call);
		}
		request.set("options", tree.get("options"));
		if (tree.hasNonNull("_meta")) {
			request.set("_meta", tree.get("_meta"));
		}
		return request;
	}

}

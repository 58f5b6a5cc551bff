package dev.acp.spring.agent.support;

import java.util.List;
import java.util.Set;

import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The params of v2 requests as the handlers take them: what v2 made optional and v1
 * requires filled in ({@code mcpServers}, a stdio server's {@code args} and {@code env});
 * {@code replayFrom} of {@code session/resume} other than from the start refused; a
 * prompt's content blocks of a kind v2 does not define refused.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2Requests {

	private static final Set<String> BLOCKS = Set.of("text", "image", "audio", "resource_link", "resource");

	private V2Requests() {
	}

	static @Nullable JsonNode modelParams(String method, @Nullable JsonNode params) {
		if (AcpMethods.SESSION_PROMPT.equals(method) && params != null) {
			checkPrompt(params.get("prompt"));
			return params;
		}
		if (!(params instanceof ObjectNode object)
				|| !AcpMethods.SESSION_NEW.equals(method) && !AcpMethods.SESSION_RESUME.equals(method)) {
			return params;
		}
		ObjectNode model = object.deepCopy();
		JsonNode replayFrom = model.remove("replayFrom");
		if (replayFrom != null && !"start".equals(replayFrom.path("type").asString(null))) {
			throw ParamsBinding
				.invalidParams(List.of(ParamsBinding.fieldError("replayFrom", "must be {\"type\":\"start\"}")));
		}
		JsonNode servers = model.get("mcpServers");
		if (servers == null || servers.isNull()) {
			model.putArray("mcpServers");
		}
		else if (servers instanceof ArrayNode array) {
			for (JsonNode server : array) {
				if (server instanceof ObjectNode stdio && "stdio".equals(stdio.path("type").asString(null))) {
					stdio.remove("type");
					if (!stdio.has("args")) {
						stdio.putArray("args");
					}
					if (!stdio.has("env")) {
						stdio.putArray("env");
					}
				}
			}
		}
		return model;
	}

	/**
	 * A prompt is a non-empty array of content blocks of the kinds v2 defines; another
	 * kind (a future or an extension's block) is not served: -32602 naming it, before the
	 * prompt is inserted.
	 */
	private static void checkPrompt(@Nullable JsonNode prompt) {
		if (prompt == null || !prompt.isArray()) {
			return;
		}
		if (prompt.isEmpty()) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("prompt", "must not be empty")));
		}
		for (int i = 0; i < prompt.size(); i++) {
			JsonNode type = prompt.get(i).get("type");
			if (type != null && type.isString() && !BLOCKS.contains(type.stringValue())) {
				throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("prompt[" + i + "].type",
						"'" + type.stringValue() + "' is not a content block this agent serves")));
			}
		}
	}

}

package dev.acp.spring.agent.support;

import java.util.List;

import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The params of v2 requests as the handlers take them: what v2 made optional and v1
 * requires filled in ({@code mcpServers}, a stdio server's {@code args} and {@code env});
 * {@code replayFrom} of {@code session/resume} is refused until replay in v2 shapes is
 * served.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2Requests {

	private V2Requests() {
	}

	static @Nullable JsonNode modelParams(String method, @Nullable JsonNode params) {
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

}

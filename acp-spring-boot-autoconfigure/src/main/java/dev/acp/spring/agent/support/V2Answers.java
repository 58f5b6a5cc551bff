package dev.acp.spring.agent.support;

import dev.acp.spring.protocol.AcpMethods;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The answers to v2 requests from what the handlers returned: v1's session modes, which
 * v2 dropped, removed from {@code session/new} and {@code session/resume}; their config
 * options and commands in v2's names ({@link V2Sessions}).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2Answers {

	private V2Answers() {
	}

	static @Nullable Object answer(String method, @Nullable Object result, ObjectMapper mapper) {
		if (result == null || !AcpMethods.SESSION_NEW.equals(method) && !AcpMethods.SESSION_RESUME.equals(method)
				&& !AcpMethods.SESSION_SET_CONFIG_OPTION.equals(method)) {
			return result;
		}
		JsonNode tree = mapper.valueToTree(result);
		if (tree instanceof ObjectNode object) {
			object.remove("modes");
			V2Sessions.configOptions(object);
			V2Sessions.availableCommands(object);
		}
		return tree;
	}

}

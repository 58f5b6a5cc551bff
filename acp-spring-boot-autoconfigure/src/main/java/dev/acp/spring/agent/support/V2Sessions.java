package dev.acp.spring.agent.support;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The session state v1 and v2 name differently, translated in place from v1's shape: a
 * config option's {@code id} is v2's {@code configId} and a group of its values'
 * {@code group} is {@code groupId}; an available command is {@code type: "command"} and
 * its unstructured input {@code type: "text"}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class V2Sessions {

	private V2Sessions() {
	}

	/**
	 * Translate a {@code configOptions} list; a {@code null} one is left out (v2 has no
	 * null list).
	 * @param owner the object holding the list
	 */
	static void configOptions(ObjectNode owner) {
		JsonNode options = owner.get("configOptions");
		if (options == null) {
			return;
		}
		if (!(options instanceof ArrayNode list)) {
			owner.remove("configOptions");
			return;
		}
		for (JsonNode option : list) {
			if (option instanceof ObjectNode object) {
				rename(object, "id", "configId");
				if (object.get("options") instanceof ArrayNode values) {
					for (JsonNode value : values) {
						if (value instanceof ObjectNode group) {
							rename(group, "group", "groupId");
						}
					}
				}
			}
		}
	}

	/**
	 * Translate an {@code availableCommands} list.
	 * @param owner the object holding the list
	 */
	static void availableCommands(ObjectNode owner) {
		JsonNode commands = owner.get("availableCommands");
		if (commands == null) {
			return;
		}
		if (!(commands instanceof ArrayNode list)) {
			owner.remove("availableCommands");
			return;
		}
		for (JsonNode command : list) {
			if (command instanceof ObjectNode object && !object.has("type")) {
				object.put("type", "command");
				if (object.get("input") instanceof ObjectNode input && !input.has("type")) {
					input.put("type", "text");
				}
			}
		}
	}

	private static void rename(ObjectNode object, String from, String to) {
		@Nullable JsonNode value = object.remove(from);
		if (value != null && !object.has(to)) {
			object.set(to, value);
		}
	}

}

package dev.acp.spring.ai;

import java.nio.file.Path;
import java.util.List;

import dev.acp.spring.protocol.ToolCallLocation;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Reads the fields of a model's tool input.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ToolInputs {

	private ToolInputs() {
	}

	static String text(JsonNode input, String field) {
		JsonNode node = input.get(field);
		if (node == null || node.isNull()) {
			throw new IllegalArgumentException("The input has no '" + field + "'");
		}
		return node.isString() ? node.stringValue() : node.toString();
	}

	static @Nullable Integer integer(JsonNode input, String field) {
		JsonNode node = input.get(field);
		return (node != null && node.canConvertToInt()) ? node.asInt() : null;
	}

	static String path(JsonNode input, ToolRun run) {
		return path(input, "path", run);
	}

	static String path(JsonNode input, String field, ToolRun run) {
		return run.cwd().resolve(text(input, field)).normalize().toString();
	}

	static List<ToolCallLocation> location(JsonNode input) {
		JsonNode path = input.get("path");
		return (path != null && path.isString() && Path.of(path.stringValue()).isAbsolute())
				? List.of(ToolCallLocation.of(path.stringValue())) : List.of();
	}

}

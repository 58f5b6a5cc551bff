package dev.acp.spring.ai;

import java.util.List;

import dev.acp.spring.protocol.ToolCallContent;
import dev.acp.spring.protocol.ToolCallLocation;
import dev.acp.spring.protocol.ToolKind;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A tool the model may call in a session, with how the editor sees it.
 *
 * @author ACP Spring Boot Starter contributors
 */
abstract class SessionTool {

	abstract ToolDefinition definition();

	abstract ToolKind kind();

	abstract boolean asksPermission();

	String title(JsonNode input) {
		return definition().name();
	}

	List<ToolCallLocation> locations(JsonNode input) {
		return List.of();
	}

	/**
	 * The content shown with the tool call before it runs (and in the permission
	 * request), such as the diff of a write.
	 * @param input the model's input
	 * @param run the run
	 * @return the content, empty for none
	 */
	List<ToolCallContent> preview(JsonNode input, ToolRun run) {
		return List.of();
	}

	abstract ToolOutcome run(String rawInput, JsonNode input, ToolRun run) throws Exception;

	static boolean changesAnything(ToolKind kind) {
		return ToolKind.EDIT.equals(kind) || ToolKind.DELETE.equals(kind) || ToolKind.MOVE.equals(kind)
				|| ToolKind.EXECUTE.equals(kind);
	}

}

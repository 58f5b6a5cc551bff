package dev.acp.spring.ai;

import java.util.List;

import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ToolCallContent;
import dev.acp.spring.protocol.ToolCallLocation;
import dev.acp.spring.protocol.ToolKind;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Writes a text file through the client ({@code fs/write_text_file}), after asking; the
 * tool call shows the change as a diff.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class WriteFileTool extends SessionTool {

	static final String NAME = "write_file";

	private static final ToolDefinition DEFINITION = ToolDefinition.builder()
		.name(NAME)
		.description("Write a text file of the user's workspace (created or replaced whole). The user is asked first.")
		.inputSchema("""
				{"type":"object","properties":{
				"path":{"type":"string","description":"Absolute path, or relative to the session's working directory"},
				"content":{"type":"string","description":"The whole new content of the file"}},
				"required":["path","content"]}""")
		.build();

	@Override
	ToolDefinition definition() {
		return DEFINITION;
	}

	@Override
	ToolKind kind() {
		return ToolKind.EDIT;
	}

	@Override
	boolean asksPermission() {
		return true;
	}

	@Override
	String title(JsonNode input) {
		return "Write " + ToolInputs.text(input, "path");
	}

	@Override
	List<ToolCallLocation> locations(JsonNode input) {
		return ToolInputs.location(input);
	}

	@Override
	List<ToolCallContent> preview(JsonNode input, ToolRun run) {
		String path = ToolInputs.path(input, run);
		return List.of(ToolCallContent.diff(path, oldText(path, run), ToolInputs.text(input, "content")));
	}

	@Override
	ToolOutcome run(String rawInput, JsonNode input, ToolRun run) throws Exception {
		String path = ToolInputs.path(input, run);
		String content = ToolInputs.text(input, "content");
		run.await(run.client().writeTextFile(new WriteTextFileRequest(run.sessionId(), path, content)));
		return new ToolOutcome("Wrote " + path + " (" + content.length() + " characters).",
				List.of(ToolCallContent.diff(path, oldText(path, run), content)));
	}

	private @Nullable String oldText(String path, ToolRun run) {
		if (!run.canReadFiles()) {
			return null;
		}
		try {
			return run.await(run.client().readTextFile(new ReadTextFileRequest(run.sessionId(), path))).content();
		}
		catch (Exception ex) {
			// a new file: no old text
			return null;
		}
	}

}

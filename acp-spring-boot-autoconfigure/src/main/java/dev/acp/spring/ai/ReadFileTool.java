package dev.acp.spring.ai;

import java.util.List;
import java.util.Map;

import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.ToolCallLocation;
import dev.acp.spring.protocol.ToolKind;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Reads a text file through the client ({@code fs/read_text_file}), including unsaved
 * editor buffers. Asks no permission.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ReadFileTool extends SessionTool {

	static final String NAME = "read_file";

	private static final ToolDefinition DEFINITION = ToolDefinition.builder()
		.name(NAME)
		.description("Read a text file of the user's workspace, as the editor has it (unsaved changes included).")
		.inputSchema("""
				{"type":"object","properties":{
				"path":{"type":"string","description":"Absolute path, or relative to the session's working directory"},
				"line":{"type":"integer","description":"First line to read, 1-based (optional)"},
				"limit":{"type":"integer","description":"Most lines to read (optional)"}},
				"required":["path"]}""")
		.build();

	@Override
	ToolDefinition definition() {
		return DEFINITION;
	}

	@Override
	ToolKind kind() {
		return ToolKind.READ;
	}

	@Override
	boolean asksPermission() {
		return false;
	}

	@Override
	String title(JsonNode input) {
		return "Read " + ToolInputs.text(input, "path");
	}

	@Override
	List<ToolCallLocation> locations(JsonNode input) {
		return ToolInputs.location(input);
	}

	@Override
	ToolOutcome run(String rawInput, JsonNode input, ToolRun run) throws Exception {
		String path = ToolInputs.path(input, run);
		ReadTextFileResponse response = run.await(run.client()
			.readTextFile(new ReadTextFileRequest(run.sessionId(), path, ToolInputs.integer(input, "line"),
					ToolInputs.integer(input, "limit"), null, Map.of())));
		return ToolOutcome.text(response.content());
	}

}

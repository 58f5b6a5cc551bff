package dev.acp.spring.inspector.bridge;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * What the page asks the bridge over HTTP (the token is checked before, by
 * {@link BridgeRequestFilter}): {@code config.json}, and {@code workspace}, the directory
 * whose files and terminals the bridge serves to the agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
@RestController
final class BridgeController {

	private final AgentCommand command;

	private final WorkspaceServices workspace;

	BridgeController(AgentCommand command, WorkspaceServices workspace) {
		this.command = command;
		this.workspace = workspace;
	}

	@GetMapping("/inspector/config.json")
	Map<String, @Nullable Object> config() {
		Map<String, @Nullable Object> config = new LinkedHashMap<>();
		config.put("mode", "bridge");
		config.put("endpoint", BridgeRequestFilter.AGENT_PATH);
		config.put("transports", List.of("websocket"));
		config.put("protocolVersions", List.of(1, 2));
		config.put("agentCommand", this.command.display());
		Path workspace = this.workspace.workspace();
		config.put("workspace", (workspace != null) ? workspace.toString() : null);
		return config;
	}

	/**
	 * Choose the workspace: {@code {"path":"/abs/dir"}}, or {@code {"path":null}} for
	 * none.
	 * @param body the request
	 * @return the new configuration, or 400 with a message
	 */
	@PostMapping("/inspector/workspace")
	ResponseEntity<?> workspace(@RequestBody JsonNode body) {
		JsonNode path = body.get("path");
		if (!body.isObject() || path == null || !(path.isNull() || path.isString())) {
			return badRequest("The body must be {\"path\": \"/an/absolute/directory\"} or {\"path\": null}");
		}
		if (path.isNull()) {
			this.workspace.choose(null);
			return ResponseEntity.ok(config());
		}
		Path directory;
		try {
			directory = Path.of(path.asString());
		}
		catch (InvalidPathException ex) {
			return badRequest("Not a path: " + path.asString());
		}
		if (!directory.isAbsolute() || !Files.isDirectory(directory)) {
			return badRequest("Not an existing directory (an absolute path): " + path.asString());
		}
		this.workspace.choose(directory.normalize());
		return ResponseEntity.ok(config());
	}

	private static ResponseEntity<Map<String, String>> badRequest(String message) {
		return ResponseEntity.status(HttpStatus.BAD_REQUEST).body(Map.of("message", message));
	}

}

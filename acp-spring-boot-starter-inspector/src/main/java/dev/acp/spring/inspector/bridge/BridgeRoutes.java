package dev.acp.spring.inspector.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.acp.spring.inspector.FrameValidation;
import dev.acp.spring.inspector.InspectorPage;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.RequestPredicates;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * What the bridge answers over HTTP, below {@code /inspector} (the token, Host and Origin
 * are checked before, by {@link BridgeRequestFilter}): the page's files (as beside a
 * remote agent, by {@link InspectorPage}), {@code config.json}, {@code validate} (by
 * {@link FrameValidation}) and {@code workspace}, the directory whose files and terminals
 * the bridge serves to the agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class BridgeRoutes {

	/** The largest body of a workspace request: 64 KiB. */
	static final int MAX_WORKSPACE_BODY = 64 * 1024;

	private final AgentCommand command;

	private final WorkspaceServices workspace;

	private final JsonMapper mapper;

	BridgeRoutes(AgentCommand command, WorkspaceServices workspace, JsonMapper mapper) {
		this.command = command;
		this.workspace = workspace;
		this.mapper = mapper;
	}

	/**
	 * The routes.
	 * @param validation checks the frames of the traffic log
	 * @param page serves the page's files
	 * @return the routes
	 */
	RouterFunction<ServerResponse> routes(FrameValidation validation, InspectorPage page) {
		return RouterFunctions.route()
			.GET("/inspector",
					(request) -> ServerResponse.temporaryRedirect(URI.create(BridgeRequestFilter.PAGE_PATH)).build())
			.GET("/inspector/config.json", (request) -> json(HttpStatus.OK, config()))
			.POST("/inspector/validate", validation::handle)
			.POST("/inspector/workspace", this::workspace)
			// the WebSocket handshake is the WebSocket handler's
			.route(RequestPredicates.GET("/inspector/{*file}")
				.and(RequestPredicates.path(BridgeRequestFilter.AGENT_PATH).negate()),
					(request) -> page.serve(request.pathVariable("file")))
			.build();
	}

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
	 * none; answers the new configuration, or 400 with a message.
	 */
	private ServerResponse workspace(ServerRequest request) throws IOException {
		byte[] bytes;
		try (InputStream input = request.servletRequest().getInputStream()) {
			bytes = input.readNBytes(MAX_WORKSPACE_BODY + 1);
		}
		JsonNode body;
		try {
			body = (bytes.length <= MAX_WORKSPACE_BODY) ? this.mapper.readTree(bytes) : null;
		}
		catch (JacksonException ex) {
			body = null;
		}
		JsonNode path = (body != null && body.isObject()) ? body.get("path") : null;
		if (path == null || !(path.isNull() || path.isString())) {
			return badRequest("The body must be {\"path\": \"/an/absolute/directory\"} or {\"path\": null}");
		}
		if (path.isNull()) {
			this.workspace.choose(null);
			return json(HttpStatus.OK, config());
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
		return json(HttpStatus.OK, config());
	}

	private ServerResponse badRequest(String message) {
		return json(HttpStatus.BAD_REQUEST, Map.of("message", message));
	}

	private ServerResponse json(HttpStatus status, Map<String, ?> body) {
		return ServerResponse.status(status)
			.contentType(MediaType.APPLICATION_JSON)
			.header("Cache-Control", "no-cache")
			.body(this.mapper.writeValueAsBytes(body));
	}

}

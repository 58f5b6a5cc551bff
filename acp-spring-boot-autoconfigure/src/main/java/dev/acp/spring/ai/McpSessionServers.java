package dev.acp.spring.ai;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.EnvVariable;
import dev.acp.spring.protocol.HttpHeader;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.ToolKind;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientSseClientTransport;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.mcp.SyncMcpToolCallback;
import org.springframework.ai.mcp.SyncMcpToolCallbackProvider;
import org.springframework.ai.tool.ToolCallback;

/**
 * Starts the MCP servers the editor passed in {@code session/new} (stdio, Streamable HTTP
 * and SSE) with Spring AI's MCP client, and offers their tools to the model for that
 * session; they are closed with the session. A tool asks permission first unless its
 * server marks it read-only.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class McpSessionServers {

	private static final Log logger = LogFactory.getLog(McpSessionServers.class);

	private static final int INVALID_PARAMS = -32602;

	private static final int INTERNAL_ERROR = -32603;

	private McpSessionServers() {
	}

	/**
	 * Start the session's MCP servers and add their tools to it.
	 * @param session the session
	 * @param timeout how long a server may take to start and to answer
	 * @throws AcpException when an entry cannot be started (invalid params, nothing
	 * started) or a server does not start (the others are closed)
	 */
	static void start(AiSession session, Duration timeout) {
		start(session, timeout, (server) -> transport(server, timeout));
	}

	static void start(AiSession session, Duration timeout, Function<McpServer, McpClientTransport> transports) {
		List<McpServer> servers = session.mcpServers();
		for (int i = 0; i < servers.size(); i++) {
			check(servers.get(i), i);
		}
		for (McpServer server : servers) {
			String name = name(server);
			try {
				McpClientTransport transport = transports.apply(server);
				McpSyncClient client = McpClient
					.sync((server instanceof McpServer.Stdio) ? new SerialMcpTransport(transport) : transport)
					.requestTimeout(timeout)
					.initializationTimeout(timeout)
					.clientInfo(new McpSchema.Implementation("acp-spring-boot", "1.0"))
					.build();
				session.closeWithSession(client::closeGracefully);
				client.initialize();
				session.addTools(tools(client));
			}
			catch (RuntimeException ex) {
				logger.warn("Session " + session.id() + ": MCP server '" + name + "' did not start", ex);
				session.close();
				throw new AcpException(INTERNAL_ERROR, "MCP server '" + name + "' did not start",
						Map.of("mcpServer", name));
			}
		}
	}

	/**
	 * Check that an entry can be started at all, before any server of the session is.
	 */
	private static void check(McpServer server, int index) {
		if (server instanceof McpServer.Http http) {
			checkUrl(http.name(), http.url(), index);
			requests(http.name(), http.headers(), index);
		}
		else if (server instanceof McpServer.Sse sse) {
			checkUrl(sse.name(), sse.url(), index);
			requests(sse.name(), sse.headers(), index);
		}
		else if (server instanceof McpServer.Unknown unknown) {
			throw invalid(name(server), index,
					"MCP servers of type '" + unknown.type() + "' are not supported (stdio, http and sse are)");
		}
	}

	private static McpClientTransport transport(McpServer server, Duration timeout) {
		if (server instanceof McpServer.Http http) {
			return HttpClientStreamableHttpTransport.builder(http.url())
				.endpoint(http.url())
				.requestBuilder(requests(http.name(), http.headers(), 0))
				.connectTimeout(timeout)
				.build();
		}
		if (server instanceof McpServer.Sse sse) {
			return HttpClientSseClientTransport.builder(sse.url())
				.sseEndpoint(sse.url())
				.requestBuilder(requests(sse.name(), sse.headers(), 0))
				.connectTimeout(timeout)
				.build();
		}
		return new StdioClientTransport(parameters((McpServer.Stdio) server), McpJsonDefaults.getMapper());
	}

	private static void checkUrl(String name, String url, int index) {
		try {
			URI uri = new URI(url);
			if (("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
					&& uri.getHost() != null) {
				return;
			}
		}
		catch (URISyntaxException ex) {
			// answered below
		}
		throw invalid(name, index, "url must be an absolute http or https URL");
	}

	private static HttpRequest.Builder requests(String name, List<HttpHeader> headers, int index) {
		HttpRequest.Builder builder = HttpRequest.newBuilder();
		for (HttpHeader header : headers) {
			try {
				builder.header(header.name(), header.value());
			}
			catch (IllegalArgumentException ex) {
				throw invalid(name, index, "header '" + header.name() + "' cannot be sent");
			}
		}
		return builder;
	}

	private static AcpException invalid(String name, int index, String message) {
		return new AcpException(INVALID_PARAMS, "Invalid params",
				List.of(Map.of("field", "mcpServers[" + index + "]", "mcpServer", name, "message", message)));
	}

	private static String name(McpServer server) {
		if (server instanceof McpServer.Stdio stdio) {
			return stdio.name();
		}
		if (server instanceof McpServer.Http http) {
			return http.name();
		}
		if (server instanceof McpServer.Sse sse) {
			return sse.name();
		}
		JsonNode name = ((McpServer.Unknown) server).raw().path("name");
		return name.isString() ? name.asString() : "";
	}

	private static ServerParameters parameters(McpServer.Stdio stdio) {
		Map<String, String> env = new LinkedHashMap<>();
		for (EnvVariable variable : stdio.env()) {
			env.put(variable.name(), variable.value());
		}
		return ServerParameters.builder(stdio.command()).args(stdio.args()).env(env).build();
	}

	private static List<SessionTool> tools(McpSyncClient client) {
		Map<String, McpSchema.Tool> described = new LinkedHashMap<>();
		client.listTools().tools().forEach((tool) -> described.put(tool.name(), tool));
		List<SessionTool> tools = new ArrayList<>();
		for (ToolCallback callback : SyncMcpToolCallbackProvider.builder()
			.addMcpClient(client)
			.build()
			.getToolCallbacks()) {
			String name = (callback instanceof SyncMcpToolCallback mcp) ? mcp.getOriginalToolName()
					: callback.getToolDefinition().name();
			McpSchema.Tool tool = described.get(name);
			McpSchema.ToolAnnotations annotations = (tool != null) ? tool.annotations() : null;
			boolean readOnly = annotations != null && Boolean.TRUE.equals(annotations.readOnlyHint());
			String title = (tool != null && tool.title() != null) ? tool.title() : null;
			tools.add(new CallbackTool(callback, readOnly ? ToolKind.READ : ToolKind.OTHER, title, !readOnly));
		}
		return tools;
	}

}

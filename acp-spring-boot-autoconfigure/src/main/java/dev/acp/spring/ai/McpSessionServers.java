package dev.acp.spring.ai;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.EnvVariable;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.ToolKind;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.ai.mcp.SyncMcpToolCallback;
import org.springframework.ai.mcp.SyncMcpToolCallbackProvider;
import org.springframework.ai.tool.ToolCallback;

/**
 * Starts the MCP servers the editor passed in {@code session/new} (stdio) with Spring
 * AI's MCP client, and offers their tools to the model for that session; they are closed
 * with the session. A tool asks permission first unless its server marks it read-only.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class McpSessionServers {

	private static final Log logger = LogFactory.getLog(McpSessionServers.class);

	private McpSessionServers() {
	}

	/**
	 * Start the session's stdio MCP servers and add their tools to it.
	 * @param session the session
	 * @param timeout how long a server may take to start and to answer
	 * @throws AcpException when a server does not start (the others are closed)
	 */
	static void start(AiSession session, Duration timeout) {
		start(session, timeout, (stdio) -> new StdioClientTransport(parameters(stdio), McpJsonDefaults.getMapper()));
	}

	static void start(AiSession session, Duration timeout, Function<McpServer.Stdio, McpClientTransport> transports) {
		for (McpServer server : session.mcpServers()) {
			if (!(server instanceof McpServer.Stdio stdio)) {
				logger.debug("Session " + session.id() + ": MCP server " + server.getClass().getSimpleName()
						+ " not started (stdio only)");
				continue;
			}
			McpSyncClient client = McpClient.sync(new SerialMcpTransport(transports.apply(stdio)))
				.requestTimeout(timeout)
				.initializationTimeout(timeout)
				.clientInfo(new McpSchema.Implementation("acp-spring-boot", "1.0"))
				.build();
			session.closeWithSession(client::closeGracefully);
			try {
				client.initialize();
				session.addTools(tools(client));
			}
			catch (RuntimeException ex) {
				logger.warn("Session " + session.id() + ": MCP server '" + stdio.name() + "' did not start", ex);
				session.close();
				throw new AcpException(-32603, "MCP server '" + stdio.name() + "' did not start",
						Map.of("mcpServer", stdio.name()));
			}
		}
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

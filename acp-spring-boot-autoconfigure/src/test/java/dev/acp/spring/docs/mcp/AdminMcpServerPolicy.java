package dev.acp.spring.docs.mcp;

import dev.acp.spring.agent.AcpMcpServerPolicy;
import dev.acp.spring.agent.DefaultAcpMcpServerPolicy;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.protocol.McpServer;

import org.springframework.stereotype.Component;

// docs/ai.md: the snippet is copied from this file (DocsSnippetsTests holds them together)
@Component
class AdminMcpServerPolicy implements AcpMcpServerPolicy {

	@Override
	public Decision decide(AcpConnection connection, McpServer server) {
		return isTrusted(connection) ? Decision.allow() : Decision.refuse("only the administrator names MCP servers");
	}

	@Override
	public boolean mayAllow(AcpConnection connection, String type) {
		return isTrusted(connection);
	}

	private static boolean isTrusted(AcpConnection connection) {
		return DefaultAcpMcpServerPolicy.isLocal(connection.transport())
				|| (connection.principal() != null && connection.principal().getName().equals("admin"));
	}

}

package dev.acp.spring.ai;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.SystemPrompt;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The bridge's state of one session: its working directory, the MCP servers the editor
 * passed, the tools the user allowed always, and what must be closed with it. Kept apart
 * from the starter's sessions so that it can become attributes of one later.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AiSession implements AutoCloseable {

	private static final Log logger = LogFactory.getLog(AiSession.class);

	private final String id;

	private final Path cwd;

	private final AcpConnection connection;

	private final List<McpServer> mcpServers;

	private final Set<String> alwaysAllowed = ConcurrentHashMap.newKeySet();

	private final AtomicLong toolCalls = new AtomicLong();

	private final List<SessionTool> tools = new CopyOnWriteArrayList<>();

	private final List<AutoCloseable> resources = new CopyOnWriteArrayList<>();

	private final @Nullable SystemPrompt systemPrompt;

	AiSession(String id, Path cwd, AcpConnection connection, List<McpServer> mcpServers) {
		this(id, cwd, connection, mcpServers, null);
	}

	AiSession(String id, Path cwd, AcpConnection connection, List<McpServer> mcpServers,
			@Nullable SystemPrompt systemPrompt) {
		this.id = id;
		this.cwd = cwd;
		this.connection = connection;
		this.mcpServers = List.copyOf(mcpServers);
		this.systemPrompt = systemPrompt;
	}

	/**
	 * The client's system prompt from session setup.
	 * @return the system prompt, or {@code null} when the client sent none
	 */
	@Nullable SystemPrompt systemPrompt() {
		return this.systemPrompt;
	}

	String id() {
		return this.id;
	}

	Path cwd() {
		return this.cwd;
	}

	AcpConnection connection() {
		return this.connection;
	}

	List<McpServer> mcpServers() {
		return this.mcpServers;
	}

	boolean isAlwaysAllowed(String toolName) {
		return this.alwaysAllowed.contains(toolName);
	}

	void allowAlways(String toolName) {
		this.alwaysAllowed.add(toolName);
	}

	String nextToolCallId() {
		return "call_" + this.toolCalls.incrementAndGet();
	}

	/**
	 * Tools of this session only (those of its MCP servers).
	 * @return the tools
	 */
	List<SessionTool> tools() {
		return this.tools;
	}

	void addTools(List<SessionTool> tools) {
		this.tools.addAll(tools);
	}

	void closeWithSession(AutoCloseable resource) {
		this.resources.add(resource);
	}

	@Override
	public void close() {
		for (AutoCloseable resource : this.resources) {
			try {
				resource.close();
			}
			catch (Exception ex) {
				logger.debug("Closing a resource of session " + this.id + " failed", ex);
			}
		}
		this.resources.clear();
	}

}

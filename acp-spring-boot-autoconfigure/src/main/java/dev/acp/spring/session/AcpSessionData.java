package dev.acp.spring.session;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import dev.acp.spring.protocol.McpServer;

/**
 * What a store keeps of one session besides its history.
 *
 * @param sessionId the session's id
 * @param cwd the absolute working directory given to {@code session/new}
 * @param additionalDirectories more workspace roots given to {@code session/new}
 * @param mcpServers MCP servers to keep with the session; the starter keeps none (an
 * empty list): their {@code env} and {@code headers} carry secrets, and the client sends
 * its servers again with {@code session/load} and {@code session/resume}
 * @param title the title the agent gave the session, if any
 * @param currentModeId the session's current mode, if the agent has modes
 * @param configOptions the current value of each config option, by option id
 * @param attributes values the agent keeps with the session; each must be writable as
 * JSON
 * @param createdAt when {@code session/new} created it
 * @param updatedAt when it last changed (a turn, a mode, a title, an attribute)
 * @param owner the name of the principal the session belongs to (the principal of the
 * connection that created it), or {@code null} for the anonymous owner: every connection
 * without a principal
 * @author ACP Spring Boot Starter contributors
 */
public record AcpSessionData(String sessionId, String cwd, List<String> additionalDirectories,
		List<McpServer> mcpServers, @Nullable String title, @Nullable String currentModeId,
		Map<String, String> configOptions, Map<String, Object> attributes, Instant createdAt, Instant updatedAt,
		@Nullable String owner) {

	public AcpSessionData {
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(cwd, "cwd");
		additionalDirectories = List.copyOf(additionalDirectories);
		mcpServers = List.copyOf(mcpServers);
		configOptions = Map.copyOf(configOptions);
		attributes = Map.copyOf(attributes);
		Objects.requireNonNull(createdAt, "createdAt");
		Objects.requireNonNull(updatedAt, "updatedAt");
	}

	/**
	 * A session of the anonymous owner.
	 * @param sessionId the session's id
	 * @param cwd the absolute working directory
	 * @param additionalDirectories more workspace roots
	 * @param mcpServers MCP servers to keep with the session
	 * @param title the title, if any
	 * @param currentModeId the current mode, if any
	 * @param configOptions the current value of each config option
	 * @param attributes values the agent keeps with the session
	 * @param createdAt when it was created
	 * @param updatedAt when it last changed
	 */
	public AcpSessionData(String sessionId, String cwd, List<String> additionalDirectories, List<McpServer> mcpServers,
			@Nullable String title, @Nullable String currentModeId, Map<String, String> configOptions,
			Map<String, Object> attributes, Instant createdAt, Instant updatedAt) {
		this(sessionId, cwd, additionalDirectories, mcpServers, title, currentModeId, configOptions, attributes,
				createdAt, updatedAt, null);
	}

	/**
	 * Whether the session belongs to the owner named.
	 * @param ownerName a principal's name, or {@code null} for the anonymous owner
	 * @return whether it is the session's owner
	 */
	public boolean isOwnedBy(@Nullable String ownerName) {
		return Objects.equals(this.owner, ownerName);
	}

}

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
 * @param mcpServers the MCP servers given to {@code session/new}, as received
 * @param title the title the agent gave the session, if any
 * @param currentModeId the session's current mode, if the agent has modes
 * @param configOptions the current value of each config option, by option id
 * @param attributes values the agent keeps with the session; each must be writable as
 * JSON
 * @param createdAt when {@code session/new} created it
 * @param updatedAt when it last changed (a turn, a mode, a title, an attribute)
 * @author ACP Spring Boot Starter contributors
 */
public record AcpSessionData(String sessionId, String cwd, List<String> additionalDirectories,
		List<McpServer> mcpServers, @Nullable String title, @Nullable String currentModeId,
		Map<String, String> configOptions, Map<String, Object> attributes, Instant createdAt, Instant updatedAt) {

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

}

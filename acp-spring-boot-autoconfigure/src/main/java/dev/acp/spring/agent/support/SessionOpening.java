package dev.acp.spring.agent.support;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.SystemPrompt;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionStore;

/**
 * Opens a loaded or resumed session on a connection, with the MCP servers of the request
 * that opened it, whether the starter or an application's handler served the request.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class SessionOpening {

	private final AcpSessionStore store;

	private final OwnedSessions owned;

	private final SessionClaims claims;

	private final Clock clock;

	SessionOpening(AcpSessionStore store, OwnedSessions owned, SessionClaims claims, Clock clock) {
		this.store = store;
		this.owned = owned;
		this.claims = claims;
		this.clock = clock;
	}

	/**
	 * Before an application's {@code session/load} or {@code session/resume} handler
	 * runs: refuse a session whose turn runs on another connection. A session of another
	 * owner is left alone, as one the store does not have.
	 * @return whether the store has the session for this connection's owner (and it is
	 * claimed now)
	 */
	boolean opening(DefaultAcpConnection connection, String sessionId) {
		if (this.owned.find(sessionId, connection) == null) {
			return false;
		}
		this.claims.claim(sessionId, connection);
		return true;
	}

	/**
	 * After an application's {@code session/load} or {@code session/resume} handler: the
	 * session is served by this connection from now on.
	 */
	void opened(DefaultAcpConnection connection, String sessionId, @Nullable JsonNode params, ObjectMapper mapper,
			boolean claimed) {
		try {
			AcpSessionData data = this.store.find(sessionId);
			List<McpServer> mcpServers = mcpServers(params, mapper);
			SystemPrompt systemPrompt = systemPrompt(params, mapper);
			if (data != null && !data.isOwnedBy(connection.sessionOwnerName())) {
				return;
			}
			if (data == null) {
				String cwd = text(params, "cwd");
				if (cwd == null) {
					return;
				}
				Instant now = this.clock.instant();
				data = new AcpSessionData(sessionId, cwd, List.of(), List.of(), null, null, Map.of(), Map.of(), now,
						now, connection.sessionOwnerName());
				this.store.save(data);
			}
			open(connection, data, mcpServers, systemPrompt);
		}
		finally {
			if (claimed) {
				this.claims.releaseUnlessTurn(sessionId, connection);
			}
		}
	}

	/**
	 * An attempt to open a session ended without opening it: release its claim.
	 */
	void notOpened(DefaultAcpConnection connection, String sessionId) {
		this.claims.releaseUnlessTurn(sessionId, connection);
	}

	/**
	 * Serve the stored session on this connection from now on, with the MCP servers
	 * given, or those it had when {@code null}, and the client's system prompt of the
	 * request that opened it.
	 */
	void open(DefaultAcpConnection connection, AcpSessionData data, @Nullable List<McpServer> mcpServers,
			@Nullable SystemPrompt systemPrompt) {
		DefaultAcpSession session = connection.openSession(data.sessionId());
		if (session == null) {
			session = new DefaultAcpSession(data);
			connection.sessionOpened(session);
		}
		else {
			session.refresh(data);
		}
		session.mcpServers(mcpServers);
		session.systemPrompt(systemPrompt);
	}

	private static @Nullable SystemPrompt systemPrompt(@Nullable JsonNode params, ObjectMapper mapper) {
		JsonNode node = (params != null) ? params.get("systemPrompt") : null;
		if (node == null || !node.isObject()) {
			return null;
		}
		try {
			return mapper.treeToValue(node, SystemPrompt.class);
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	private static @Nullable List<McpServer> mcpServers(@Nullable JsonNode params, ObjectMapper mapper) {
		JsonNode servers = (params != null) ? params.get("mcpServers") : null;
		if (servers == null || !servers.isArray()) {
			return null;
		}
		try {
			return List.of(mapper.treeToValue(servers, McpServer[].class));
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	private static @Nullable String text(@Nullable JsonNode params, String field) {
		JsonNode node = (params != null) ? params.get(field) : null;
		return (node != null && node.isString()) ? node.stringValue() : null;
	}

}

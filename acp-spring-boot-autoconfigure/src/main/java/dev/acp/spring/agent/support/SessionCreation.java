package dev.acp.spring.agent.support;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionStore;

/**
 * Keeps a session {@code session/new} created, the starter's or the application's, and
 * serves it on the connection that created it.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class SessionCreation {

	/**
	 * Logs under {@link DefaultAcpSessions}: one category for all of session keeping.
	 */
	private static final Log logger = LogFactory.getLog(DefaultAcpSessions.class);

	private final AcpSessionStore store;

	private final Clock clock;

	SessionCreation(AcpSessionStore store, Clock clock) {
		this.store = store;
		this.clock = clock;
	}

	/**
	 * A session was created by {@code session/new}, the application's or the starter's.
	 */
	void created(DefaultAcpConnection connection, NewSessionRequest request, String sessionId,
			@Nullable NewSessionResponse response) {
		Instant now = this.clock.instant();
		List<String> directories = (request.additionalDirectories() != null) ? request.additionalDirectories()
				: List.of();
		DefaultAcpSession session = new DefaultAcpSession(new AcpSessionData(sessionId, request.cwd(), directories,
				request.mcpServers(), null, null, Map.of(), Map.of(), now, now, connection.sessionOwnerName()));
		if (response != null) {
			if (response.modes() != null) {
				session.setCurrentModeId(response.modes().currentModeId());
			}
			session.configOptions(response.configOptions());
		}
		session.systemPrompt(request.systemPrompt());
		this.store.save(session.data(now));
		connection.sessionOpened(session);
	}

	/**
	 * A session was created by the application's {@code session/new} handler, which
	 * answered {@code result}.
	 */
	void created(DefaultAcpConnection connection, @Nullable JsonNode params, String sessionId, @Nullable Object result,
			ObjectMapper mapper) {
		if (params == null) {
			return;
		}
		NewSessionRequest request;
		NewSessionResponse response = null;
		try {
			request = mapper.treeToValue(params, NewSessionRequest.class);
			if (result instanceof NewSessionResponse typed) {
				response = typed;
			}
			else if (result != null) {
				response = mapper.convertValue(result, NewSessionResponse.class);
			}
		}
		catch (JacksonException | IllegalArgumentException ex) {
			logger.debug("Not keeping session '" + sessionId + "': " + ex.getMessage());
			return;
		}
		AcpSessionData existing = this.store.find(sessionId);
		if (existing != null && !existing.isOwnedBy(connection.sessionOwnerName())) {
			logger.warn("Not keeping session '" + sessionId + "' the application created: the store keeps a session"
					+ " of that id for another owner");
			return;
		}
		created(connection, request, sessionId, response);
	}

}

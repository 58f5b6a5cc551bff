package dev.acp.spring.agent.support;

import org.jspecify.annotations.NullMarked;

import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.session.AcpSessionStore;

/**
 * Replays a stored session's history to a connection of its owner, as the
 * {@code session/update}s it recorded, without recording them again.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class HistoryReplay {

	private final AcpSessionStore store;

	private final OwnedSessions owned;

	HistoryReplay(AcpSessionStore store, OwnedSessions owned) {
		this.store = store;
		this.owned = owned;
	}

	/**
	 * Replay the session's history to the connection.
	 * @throws dev.acp.spring.method.AcpSessionNotFoundException when the store has no
	 * session of this id for the connection's owner
	 */
	void replay(String sessionId, DefaultAcpConnection connection) {
		this.owned.require(sessionId, connection);
		this.store.replay(sessionId, (update) -> connection.sendUnrecorded(AcpMethods.SESSION_UPDATE,
				new SessionNotification(sessionId, update)));
	}

}

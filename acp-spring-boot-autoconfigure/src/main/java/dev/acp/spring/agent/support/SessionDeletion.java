package dev.acp.spring.agent.support;

import org.jspecify.annotations.NullMarked;

import dev.acp.spring.session.AcpSessionStore;

/**
 * Forgets a deleted session, on its connection and in the store.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class SessionDeletion {

	private final AcpSessionStore store;

	private final OwnedSessions owned;

	SessionDeletion(AcpSessionStore store, OwnedSessions owned) {
		this.store = store;
		this.owned = owned;
	}

	/**
	 * The session was deleted by the starter's {@code session/delete}: forget it here and
	 * in the store.
	 * @throws dev.acp.spring.method.AcpSessionNotFoundException when the store no longer
	 * has it
	 */
	void deleted(DefaultAcpConnection connection, String sessionId) {
		connection.sessionClosed(sessionId);
		if (!this.store.delete(sessionId)) {
			throw OwnedSessions.notStored(sessionId);
		}
	}

	/**
	 * The application's handler deleted the session: forget it here, and in the store
	 * when it belongs to this connection's owner.
	 */
	void forget(DefaultAcpConnection connection, String sessionId) {
		connection.sessionClosed(sessionId);
		if (this.owned.find(sessionId, connection) != null) {
			this.store.delete(sessionId);
		}
	}

}

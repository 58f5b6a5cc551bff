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
	 * Whether the starter's {@code session/delete} of this id deletes a session: the
	 * store has it for the connection's owner.
	 */
	boolean deletes(String sessionId, DefaultAcpConnection connection) {
		return this.owned.find(sessionId, connection) != null;
	}

	/**
	 * The session was deleted by the starter's {@code session/delete}: forget it here and
	 * in the store (where another connection of the owner may have deleted it already).
	 */
	void deleted(DefaultAcpConnection connection, String sessionId) {
		connection.sessionClosed(sessionId);
		this.store.delete(sessionId);
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

package dev.acp.spring.agent.support;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

import dev.acp.spring.method.AcpSessionNotFoundException;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionStore;

/**
 * Finds a stored session as a connection's owner sees it: a session of another owner does
 * not exist for it.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class OwnedSessions {

	private final AcpSessionStore store;

	OwnedSessions(AcpSessionStore store) {
		this.store = store;
	}

	/**
	 * The stored session of this id that belongs to the connection's owner.
	 * @return the session, or {@code null} when the store has none, or one of another
	 * owner
	 */
	@Nullable AcpSessionData find(String sessionId, DefaultAcpConnection connection) {
		AcpSessionData data = this.store.find(sessionId);
		return (data != null && data.isOwnedBy(connection.sessionOwnerName())) ? data : null;
	}

	/**
	 * The stored session of this id that belongs to the connection's owner.
	 * @throws AcpSessionNotFoundException when the store has none, or one of another
	 * owner: the same answer for both
	 */
	AcpSessionData require(String sessionId, DefaultAcpConnection connection) {
		AcpSessionData data = find(sessionId, connection);
		if (data == null) {
			throw notStored(sessionId);
		}
		return data;
	}

	/**
	 * The -32002 of a session the store does not have (for the connection's owner).
	 */
	static AcpSessionNotFoundException notStored(String sessionId) {
		return new AcpSessionNotFoundException(sessionId, "no session of this id is stored");
	}

}

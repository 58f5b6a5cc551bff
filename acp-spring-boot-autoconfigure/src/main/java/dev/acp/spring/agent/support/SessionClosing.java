package dev.acp.spring.agent.support;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.NullMarked;

/**
 * Writes and releases the sessions a connection stops serving: one it closes, or all of
 * them when it ends.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class SessionClosing {

	/**
	 * Logs under {@link DefaultAcpSessions}: one category for all of session keeping.
	 */
	private static final Log logger = LogFactory.getLog(DefaultAcpSessions.class);

	private final SessionWriter writer;

	private final SessionClaims claims;

	SessionClosing(SessionWriter writer, SessionClaims claims) {
		this.writer = writer;
		this.claims = claims;
	}

	/**
	 * The session was closed on this connection: write what it recorded, release it,
	 * forget it here; it stays in the store.
	 * @return whether this connection served it
	 */
	boolean closed(DefaultAcpConnection connection, String sessionId) {
		DefaultAcpSession session = connection.sessionClosed(sessionId);
		if (session == null) {
			return false;
		}
		this.writer.persist(session);
		this.claims.releaseUnlessTurn(sessionId, connection);
		return true;
	}

	/**
	 * The connection ended: write what its sessions recorded and release them.
	 */
	void connectionClosed(DefaultAcpConnection connection) {
		connection.closed();
		for (DefaultAcpSession session : connection.openSessions()) {
			try {
				this.writer.persist(session);
				this.claims.releaseUnlessTurn(session.id(), connection);
			}
			catch (RuntimeException ex) {
				logger.warn("Could not keep session '" + session.id() + "' when its connection closed", ex);
			}
		}
	}

	/**
	 * A handler of the connection completed: when the connection has ended already (a
	 * notification handled as it closed), write what its sessions recorded and changed
	 * since. The connection is marked closed before it writes, and a handler changes its
	 * session before it completes, so a change is written by one or the other.
	 */
	void handlerCompleted(DefaultAcpConnection connection) {
		if (!connection.isClosed()) {
			return;
		}
		for (DefaultAcpSession session : connection.openSessions()) {
			try {
				this.writer.persist(session);
			}
			catch (RuntimeException ex) {
				logger.warn("Could not keep session '" + session.id() + "' after its connection closed", ex);
			}
		}
	}

}

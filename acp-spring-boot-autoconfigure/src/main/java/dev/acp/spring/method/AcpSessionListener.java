package dev.acp.spring.method;

/**
 * Told when a session ends on a connection, so that what was opened for it (processes,
 * memory) ends with it. Beans of this type are called by the agent on the thread that
 * served the call, before the call is answered; a listener that throws is logged and the
 * others are still called.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpSessionListener {

	/**
	 * A {@code session/close} of the session succeeded on the connection.
	 * @param sessionId the session's id
	 * @param connection the connection it was closed on
	 */
	default void sessionClosed(String sessionId, AcpConnection connection) {
	}

	/**
	 * A {@code session/delete} of the session succeeded on the connection.
	 * @param sessionId the session's id
	 * @param connection the connection it was deleted on
	 */
	default void sessionDeleted(String sessionId, AcpConnection connection) {
	}

	/**
	 * The connection ended (its sessions are no longer served on it).
	 * @param connection the connection
	 */
	default void connectionClosed(AcpConnection connection) {
	}

}

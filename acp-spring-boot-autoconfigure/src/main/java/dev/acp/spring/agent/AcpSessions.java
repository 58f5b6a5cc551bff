package dev.acp.spring.agent;

import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.method.AcpSessionNotFoundException;
import dev.acp.spring.session.AcpSessionStore;

/**
 * The sessions the starter keeps ({@code acp.sessions.enabled}, on by default), for
 * handlers that serve session methods themselves: a {@code session/load} handler of the
 * application calls {@link #replay(AcpRequestContext)} to send the stored history before
 * it answers.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpSessions {

	/**
	 * The store the sessions are kept in.
	 * @return the store
	 */
	AcpSessionStore store();

	/**
	 * Send a session's history to a connection as {@code session/update} notifications,
	 * oldest first: each prompt as {@code user_message_chunk}s, the agent's updates as
	 * they were sent. The replayed updates are not recorded again.
	 * @param sessionId the session's id
	 * @param connection the connection to send them to
	 * @throws AcpSessionNotFoundException (-32002) when the store has no such session, or
	 * keeps it for another owner than the connection's (the same answer for both)
	 */
	void replay(String sessionId, AcpConnection connection);

	/**
	 * Send the history of the session the call names to the caller's connection, as
	 * {@link #replay(String, AcpConnection)} does; for a {@code session/load} handler.
	 * @param context the call
	 * @throws AcpSessionNotFoundException (-32002) when the store has no such session, or
	 * keeps it for another owner than the caller's
	 */
	default void replay(AcpRequestContext context) {
		String sessionId = context.sessionId();
		if (sessionId == null) {
			throw new IllegalArgumentException("The call '" + context.method() + "' names no session");
		}
		replay(sessionId, context.connection());
	}

}

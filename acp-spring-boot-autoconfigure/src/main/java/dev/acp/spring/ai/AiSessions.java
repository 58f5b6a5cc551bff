package dev.acp.spring.ai;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.acp.spring.method.AcpConnection;
import org.jspecify.annotations.Nullable;

/**
 * The bridge's sessions by id. A session is closed when it is closed or deleted on its
 * connection, when its connection ends, or when the agent stops.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AiSessions implements AutoCloseable {

	private final Map<String, AiSession> sessions = new ConcurrentHashMap<>();

	void open(AiSession session) {
		this.sessions.put(session.id(), session);
	}

	@Nullable AiSession get(String sessionId) {
		return this.sessions.get(sessionId);
	}

	int size() {
		return this.sessions.size();
	}

	/**
	 * Close a session if this connection serves it.
	 * @param sessionId the session's id
	 * @param connection the connection it ended on
	 * @return whether it was closed
	 */
	boolean close(String sessionId, AcpConnection connection) {
		AiSession session = this.sessions.get(sessionId);
		if (session == null || session.connection() != connection || !this.sessions.remove(sessionId, session)) {
			return false;
		}
		session.close();
		return true;
	}

	/**
	 * Close a session whichever connection serves it.
	 * @param sessionId the session's id
	 */
	void close(String sessionId) {
		AiSession session = this.sessions.remove(sessionId);
		if (session != null) {
			session.close();
		}
	}

	/**
	 * Close the sessions of a connection that ended.
	 * @param connection the connection
	 * @return the ids of the sessions closed
	 */
	List<String> closeAll(AcpConnection connection) {
		List<String> closed = new ArrayList<>();
		this.sessions.values().removeIf((session) -> {
			boolean gone = session.connection() == connection;
			if (gone) {
				session.close();
				closed.add(session.id());
			}
			return gone;
		});
		return closed;
	}

	@Override
	public void close() {
		this.sessions.values().removeIf((session) -> {
			session.close();
			return true;
		});
	}

}

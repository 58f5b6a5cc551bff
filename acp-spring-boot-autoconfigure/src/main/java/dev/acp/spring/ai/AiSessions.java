package dev.acp.spring.ai;

import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.acp.spring.method.AcpConnection;
import org.jspecify.annotations.Nullable;

/**
 * The bridge's sessions by id. A session is closed when its connection is gone (noticed
 * at the next {@code session/new}) or the agent stops.
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
	 * Close the sessions whose connection is no longer open.
	 * @param open the connections open now
	 */
	void closeGone(Collection<AcpConnection> open) {
		this.sessions.values().removeIf((session) -> {
			boolean gone = open.stream().noneMatch((connection) -> connection == session.connection());
			if (gone) {
				session.close();
			}
			return gone;
		});
	}

	@Override
	public void close() {
		this.sessions.values().removeIf((session) -> {
			session.close();
			return true;
		});
	}

}

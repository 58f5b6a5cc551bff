package dev.acp.spring.agent.support;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpSessionListener;
import dev.acp.spring.protocol.AcpMethods;

/**
 * Tells the {@link AcpSessionListener}s that a session or a connection ended; one that
 * throws is logged, the others are still told.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class SessionListeners {

	private static final Log logger = LogFactory.getLog(SessionListeners.class);

	static final SessionListeners NONE = new SessionListeners(List::of);

	private final Supplier<List<AcpSessionListener>> listeners;

	SessionListeners(Supplier<List<AcpSessionListener>> listeners) {
		this.listeners = listeners;
	}

	static boolean endsSession(String method) {
		return AcpMethods.SESSION_CLOSE.equals(method) || AcpMethods.SESSION_DELETE.equals(method);
	}

	/**
	 * A {@code session/close} or {@code session/delete} succeeded.
	 */
	void sessionEnded(String method, String sessionId, AcpConnection connection) {
		boolean deleted = AcpMethods.SESSION_DELETE.equals(method);
		tell((listener) -> {
			if (deleted) {
				listener.sessionDeleted(sessionId, connection);
			}
			else {
				listener.sessionClosed(sessionId, connection);
			}
		});
	}

	void connectionClosed(AcpConnection connection) {
		tell((listener) -> listener.connectionClosed(connection));
	}

	private void tell(Consumer<AcpSessionListener> event) {
		for (AcpSessionListener listener : this.listeners.get()) {
			try {
				event.accept(listener);
			}
			catch (RuntimeException ex) {
				logger.warn("A session listener failed", ex);
			}
		}
	}

}

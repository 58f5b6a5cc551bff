package dev.acp.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

/**
 * The state of the transport an agent serves on, for health reporting.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpTransportStatus {

	/**
	 * The transport's name: {@code stdio}, {@code websocket} or {@code none}.
	 * @return the name
	 */
	String transportName();

	/**
	 * The current state.
	 * @return the state
	 */
	State state();

	/**
	 * Why the transport failed, when {@link #state()} is {@link State#FAILED}.
	 * @return the reason, or {@code null}
	 */
	@Nullable String failure();

	/**
	 * States of a transport.
	 */
	enum State {

		/** Not serving yet. */
		STARTING,

		/** Serving connections. */
		SERVING,

		/** Draining requests in flight before it stops. */
		DRAINING,

		/** Stopped. */
		STOPPED,

		/** Failed: it cannot serve. */
		FAILED

	}

}

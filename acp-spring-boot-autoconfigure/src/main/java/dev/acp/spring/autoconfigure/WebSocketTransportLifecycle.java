package dev.acp.spring.autoconfigure;

import java.time.Duration;

import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import org.jspecify.annotations.Nullable;

/**
 * Shuts the WebSocket transport down gracefully (see {@link GracefulShutdownLifecycle}):
 * no new sockets, requests in flight on every socket drain in parallel (bounded), then
 * every socket closes with 1001.
 *
 * @author ACP Spring Boot Starter contributors
 */
class WebSocketTransportLifecycle extends GracefulShutdownLifecycle implements AcpTransportStatus {

	private final AcpWebSocketHandler handler;

	private final String transportName;

	WebSocketTransportLifecycle(AcpWebSocketHandler handler, Duration drainTimeout) {
		this(handler, drainTimeout, "websocket");
	}

	WebSocketTransportLifecycle(AcpWebSocketHandler handler, Duration drainTimeout, String transportName) {
		super("acp-websocket-shutdown", handler::shutdown, drainTimeout);
		this.handler = handler;
		this.transportName = transportName;
	}

	@Override
	public String transportName() {
		return this.transportName;
	}

	@Override
	public State state() {
		if (!isStarted()) {
			return State.STARTING;
		}
		if (!this.handler.isRegistered()) {
			return State.FAILED;
		}
		if (!this.handler.isAccepting()) {
			return isRunning() ? State.DRAINING : State.STOPPED;
		}
		return State.SERVING;
	}

	@Override
	public @Nullable String failure() {
		return (isStarted() && !this.handler.isRegistered()) ? "The WebSocket endpoint was not registered" : null;
	}

}

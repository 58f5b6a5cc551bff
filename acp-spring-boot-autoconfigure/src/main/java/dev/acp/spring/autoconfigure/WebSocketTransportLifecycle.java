package dev.acp.spring.autoconfigure;

import java.time.Duration;

import dev.acp.spring.transport.websocket.AcpWebSocketHandler;

import org.springframework.context.SmartLifecycle;

/**
 * Shuts the WebSocket transport down gracefully before the web server stops: no new
 * sockets, requests in flight drain (bounded), then every socket closes with 1001.
 *
 * @author ACP Spring Boot Starter contributors
 */
class WebSocketTransportLifecycle implements SmartLifecycle {

	private final AcpWebSocketHandler handler;

	private final Duration drainTimeout;

	private volatile boolean running;

	WebSocketTransportLifecycle(AcpWebSocketHandler handler, Duration drainTimeout) {
		this.handler = handler;
		this.drainTimeout = drainTimeout;
	}

	@Override
	public void start() {
		this.running = true;
	}

	@Override
	public void stop() {
		this.handler.shutdown(this.drainTimeout);
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}

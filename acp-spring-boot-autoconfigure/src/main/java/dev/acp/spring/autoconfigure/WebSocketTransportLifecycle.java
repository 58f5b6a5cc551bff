package dev.acp.spring.autoconfigure;

import java.time.Duration;

import dev.acp.spring.transport.websocket.AcpWebSocketHandler;

import org.springframework.context.SmartLifecycle;

/**
 * Shuts the WebSocket transport down gracefully in the phase of the web server's graceful
 * shutdown (so within its time bound, and before the web server stops): no new sockets,
 * requests in flight on every socket drain in parallel (bounded), then every socket
 * closes with 1001.
 *
 * @author ACP Spring Boot Starter contributors
 */
class WebSocketTransportLifecycle implements SmartLifecycle, AcpTransportStatus {

	/**
	 * The phase of Boot's web server graceful shutdown
	 * ({@code WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE}): it stops after the
	 * default phase and before the web server itself stops.
	 */
	static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 1024;

	private final AcpWebSocketHandler handler;

	private final Duration drainTimeout;

	private final String transportName;

	private volatile boolean running;

	private volatile boolean started;

	WebSocketTransportLifecycle(AcpWebSocketHandler handler, Duration drainTimeout) {
		this(handler, drainTimeout, "websocket");
	}

	WebSocketTransportLifecycle(AcpWebSocketHandler handler, Duration drainTimeout, String transportName) {
		this.handler = handler;
		this.drainTimeout = drainTimeout;
		this.transportName = transportName;
	}

	@Override
	public void start() {
		this.running = true;
		this.started = true;
	}

	@Override
	public void stop() {
		try {
			this.handler.shutdown(this.drainTimeout);
		}
		finally {
			this.running = false;
		}
	}

	@Override
	public void stop(Runnable callback) {
		Thread thread = new Thread(() -> {
			try {
				stop();
			}
			finally {
				callback.run();
			}
		}, "acp-websocket-shutdown");
		thread.setDaemon(true);
		thread.start();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public String transportName() {
		return this.transportName;
	}

	@Override
	public State state() {
		if (!this.started) {
			return State.STARTING;
		}
		if (!this.handler.isRegistered()) {
			return State.FAILED;
		}
		if (!this.handler.isAccepting()) {
			return this.running ? State.DRAINING : State.STOPPED;
		}
		return State.SERVING;
	}

	@Override
	public String failure() {
		return (this.started && !this.handler.isRegistered()) ? "The WebSocket endpoint was not registered" : null;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}

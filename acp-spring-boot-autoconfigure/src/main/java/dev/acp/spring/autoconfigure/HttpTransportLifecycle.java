package dev.acp.spring.autoconfigure;

import java.time.Duration;

import dev.acp.spring.transport.http.StreamableHttpHandler;

import org.springframework.context.SmartLifecycle;

/**
 * Shuts the Streamable HTTP transport down gracefully in the phase of the web server's
 * graceful shutdown, beside the WebSocket transport: no new connections, requests in
 * flight on every connection drain in parallel (bounded), the rest are answered -32800,
 * then every event stream ends.
 *
 * @author ACP Spring Boot Starter contributors
 */
class HttpTransportLifecycle implements SmartLifecycle {

	private final StreamableHttpHandler handler;

	private final Duration drainTimeout;

	private volatile boolean running;

	HttpTransportLifecycle(StreamableHttpHandler handler, Duration drainTimeout) {
		this.handler = handler;
		this.drainTimeout = drainTimeout;
	}

	@Override
	public void start() {
		this.running = true;
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
		}, "acp-http-shutdown");
		thread.setDaemon(true);
		thread.start();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	@Override
	public int getPhase() {
		return WebSocketTransportLifecycle.PHASE;
	}

}

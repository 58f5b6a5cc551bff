package dev.acp.spring.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The Streamable HTTP transport, served at {@code acp.websocket.path} beside WebSocket
 * upgrades ({@code acp.transport=http}, or {@code websocket} unless turned off). Message
 * size, connection limit, requests in flight, send buffer, send time limit, drain time,
 * allowed origins and the bearer token are the WebSocket ones.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.http")
public class AcpHttpProperties {

	private final Streamable streamable = new Streamable();

	/**
	 * How long a connection with no open stream and no request lives before it is ended
	 * (as DELETE ends it).
	 */
	private Duration idleTimeout = Duration.ofMinutes(5);

	/**
	 * Idle time of an event stream after which a keep-alive comment is sent.
	 */
	private Duration keepAliveInterval = Duration.ofSeconds(15);

	/**
	 * Most session streams one connection may hold (opened, or keeping events for their
	 * next reader); past it a GET is answered 429.
	 */
	private int maxSessionStreams = 64;

	/**
	 * Most bytes the event streams of one connection keep together (for readers that fall
	 * behind, or for their next reader); past it the connection is closed.
	 */
	private DataSize maxQueued = DataSize.ofMegabytes(32);

	/**
	 * Most bytes the event streams of all connections keep together; past it the
	 * connection that keeps the most is closed.
	 */
	private DataSize maxQueuedTotal = DataSize.ofMegabytes(256);

	/**
	 * How long a POST of initialize waits for its answer.
	 */
	private Duration initializeTimeout = Duration.ofSeconds(60);

	public Streamable getStreamable() {
		return this.streamable;
	}

	public Duration getIdleTimeout() {
		return this.idleTimeout;
	}

	public void setIdleTimeout(Duration idleTimeout) {
		this.idleTimeout = idleTimeout;
	}

	public Duration getKeepAliveInterval() {
		return this.keepAliveInterval;
	}

	public void setKeepAliveInterval(Duration keepAliveInterval) {
		this.keepAliveInterval = keepAliveInterval;
	}

	public int getMaxSessionStreams() {
		return this.maxSessionStreams;
	}

	public void setMaxSessionStreams(int maxSessionStreams) {
		this.maxSessionStreams = maxSessionStreams;
	}

	public DataSize getMaxQueued() {
		return this.maxQueued;
	}

	public void setMaxQueued(DataSize maxQueued) {
		this.maxQueued = maxQueued;
	}

	public DataSize getMaxQueuedTotal() {
		return this.maxQueuedTotal;
	}

	public void setMaxQueuedTotal(DataSize maxQueuedTotal) {
		this.maxQueuedTotal = maxQueuedTotal;
	}

	public Duration getInitializeTimeout() {
		return this.initializeTimeout;
	}

	public void setInitializeTimeout(Duration initializeTimeout) {
		this.initializeTimeout = initializeTimeout;
	}

	/**
	 * Whether Streamable HTTP is served.
	 */
	public static class Streamable {

		/**
		 * Whether the endpoint also serves Streamable HTTP (POST, GET event streams,
		 * DELETE) beside WebSocket upgrades.
		 */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

}

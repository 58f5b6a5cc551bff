package dev.acp.spring.autoconfigure;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The threads handler methods run on, and the bound on waiting requests:
 * {@code acp.handlers.*}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.handlers")
public class AcpHandlersProperties {

	/**
	 * Most requests handled at once, over all connections; each holds a handler thread.
	 * Default: 256 on platform threads, 4096 on virtual threads.
	 */
	private @Nullable Integer maxThreads;

	/**
	 * Most requests waiting for a handler thread; past it a request is answered -32001
	 * (server busy) at once.
	 */
	private int queueCapacity = 1024;

	/**
	 * Most handler threads one connection holds at once (a cancelled handler that has not
	 * returned counts); past it the connection's requests wait in its own queue, taking
	 * nothing from other connections. Default: half of max-threads.
	 */
	private @Nullable Integer maxThreadsPerConnection;

	/**
	 * Whether handlers run on virtual threads (Java 21+), so that a handler waiting on
	 * the client or a model costs no platform thread. Default: on, unless
	 * spring.threads.virtual.enabled is false.
	 */
	private @Nullable Boolean virtualThreads;

	/**
	 * How long a handler thread (of requests or of ordered work) is kept idle before it
	 * leaves. A task goes to the thread idle for the shortest time, so after a burst the
	 * threads a steady load does not need leave after this long.
	 */
	private Duration keepAlive = Duration.ofSeconds(60);

	public @Nullable Integer getMaxThreads() {
		return this.maxThreads;
	}

	public void setMaxThreads(@Nullable Integer maxThreads) {
		this.maxThreads = maxThreads;
	}

	public int getQueueCapacity() {
		return this.queueCapacity;
	}

	public void setQueueCapacity(int queueCapacity) {
		this.queueCapacity = queueCapacity;
	}

	public @Nullable Integer getMaxThreadsPerConnection() {
		return this.maxThreadsPerConnection;
	}

	public void setMaxThreadsPerConnection(@Nullable Integer maxThreadsPerConnection) {
		this.maxThreadsPerConnection = maxThreadsPerConnection;
	}

	public @Nullable Boolean getVirtualThreads() {
		return this.virtualThreads;
	}

	public void setVirtualThreads(@Nullable Boolean virtualThreads) {
		this.virtualThreads = virtualThreads;
	}

	public Duration getKeepAlive() {
		return this.keepAlive;
	}

	public void setKeepAlive(Duration keepAlive) {
		this.keepAlive = keepAlive;
	}

}

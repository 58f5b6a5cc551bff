package dev.acp.spring.transport.http;

import java.time.Duration;
import java.util.List;

/**
 * Builds {@link HttpTransportSettings} for tests: generous limits unless a test sets one.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class SettingsBuilder {

	int maxMessageSize = 1 << 20;

	int maxConnections = 10;

	int maxRequestsInFlight = 10;

	long sendBufferSize = 1 << 20;

	long maxQueuedBytes = 1 << 20;

	long maxQueuedTotalBytes = 1 << 30;

	Duration sendTimeLimit = Duration.ofSeconds(10);

	Duration idleTimeout = Duration.ofMinutes(5);

	Duration keepAliveInterval = Duration.ofSeconds(15);

	int maxSessionStreams = 4;

	Duration drainTimeout = Duration.ofSeconds(10);

	Duration initializeTimeout = Duration.ofSeconds(10);

	List<String> allowedOrigins = List.of();

	HttpTransportSettings build() {
		return new HttpTransportSettings(this.maxMessageSize, this.maxConnections, this.maxRequestsInFlight,
				this.sendBufferSize, this.maxQueuedBytes, this.maxQueuedTotalBytes, this.sendTimeLimit,
				this.idleTimeout, this.keepAliveInterval, this.maxSessionStreams, this.drainTimeout,
				this.initializeTimeout, this.allowedOrigins);
	}

}

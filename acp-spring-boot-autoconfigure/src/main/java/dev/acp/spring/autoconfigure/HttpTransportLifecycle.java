package dev.acp.spring.autoconfigure;

import java.time.Duration;

import dev.acp.spring.transport.http.StreamableHttpHandler;

/**
 * Shuts the Streamable HTTP transport down gracefully in the phase of the web server's
 * graceful shutdown, beside the WebSocket transport: no new connections, requests in
 * flight on every connection drain in parallel (bounded), the rest are answered -32800,
 * then every event stream ends.
 *
 * @author ACP Spring Boot Starter contributors
 */
class HttpTransportLifecycle extends GracefulShutdownLifecycle {

	HttpTransportLifecycle(StreamableHttpHandler handler, Duration drainTimeout) {
		super("acp-http-shutdown", handler::shutdown, drainTimeout);
	}

}

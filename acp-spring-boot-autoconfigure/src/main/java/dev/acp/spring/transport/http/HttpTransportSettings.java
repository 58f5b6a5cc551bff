package dev.acp.spring.transport.http;

import java.time.Duration;
import java.util.List;

/**
 * The limits of the Streamable HTTP transport.
 *
 * @param maxMessageSize the largest accepted {@code POST} body, in bytes (past it 413)
 * @param maxConnections the most connections open at once, WebSocket ones included (past
 * it 503)
 * @param maxRequestsInFlight the most requests of one connection not answered yet (past
 * it -32001)
 * @param sendBufferSize the most bytes queued for a reader before it is detached
 * @param maxQueuedBytes the most bytes the streams of a connection keep together before
 * the connection is closed
 * @param maxQueuedTotalBytes the most bytes the streams of all connections keep together
 * before the connection that queues the most is closed
 * @param sendTimeLimit the longest a reader may make no progress while events wait
 * @param idleTimeout how long a connection with no reader and no request lives
 * @param keepAliveInterval the idle time of a stream after which a comment is sent
 * @param maxSessionStreams the most session streams of one connection
 * @param drainTimeout how long requests in flight may finish when a connection ends
 * @param initializeTimeout how long a {@code POST} of {@code initialize} waits for its
 * answer
 * @param allowedOrigins the origin patterns allowed besides the same origin (empty: same
 * origin only; a request without {@code Origin} is always allowed)
 * @author ACP Spring Boot Starter contributors
 */
public record HttpTransportSettings(int maxMessageSize, int maxConnections, int maxRequestsInFlight,
		long sendBufferSize, long maxQueuedBytes, long maxQueuedTotalBytes, Duration sendTimeLimit,
		Duration idleTimeout, Duration keepAliveInterval, int maxSessionStreams, Duration drainTimeout,
		Duration initializeTimeout, List<String> allowedOrigins) {

}

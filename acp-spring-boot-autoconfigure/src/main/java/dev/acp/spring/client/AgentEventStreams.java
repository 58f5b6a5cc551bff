package dev.acp.spring.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The server-sent event streams of one Streamable HTTP connection to an agent, each read
 * by its own reader: the connection's, opened once {@code initialize} is answered, and
 * one per session, opened when the session becomes known. A stream that ends after it
 * carried anything (a proxy's timeout, the server detaching a slow reader) is opened
 * again; one that cannot be opened or ends at once is gone: the connection's fails the
 * connection, a session's is dropped (its messages then come on the connection's stream).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AgentEventStreams {

	private static final Log logger = LogFactory.getLog(AgentEventStreams.class);

	private final AgentHttpExchange exchange;

	private final Executor readers;

	private final Receiver receiver;

	private final Map<String, EventStream> sessionStreams = new ConcurrentHashMap<>();

	private volatile @Nullable String connectionId;

	private volatile @Nullable EventStream connectionStream;

	/**
	 * Streams of a connection.
	 * @param exchange the HTTP exchanges with the agent
	 * @param readers runs the readers of the streams
	 * @param receiver takes the messages the streams carry
	 */
	AgentEventStreams(AgentHttpExchange exchange, Executor readers, Receiver receiver) {
		this.exchange = exchange;
		this.readers = readers;
		this.receiver = receiver;
	}

	/**
	 * Open the connection's stream and wait (bounded) until the server answered it.
	 * @param connectionId the connection
	 * @throws AcpAgentClientException if it does not open
	 */
	void openConnectionStream(String connectionId) {
		this.connectionId = connectionId;
		EventStream stream = new EventStream(null);
		this.connectionStream = stream;
		this.readers.execute(() -> read(stream));
		String name = this.exchange.name();
		try {
			stream.ready.get(this.exchange.timeout().toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			throw (cause instanceof AcpAgentClientException failure) ? failure : new AcpAgentClientException(
					"Could not open the event stream of agent '" + name + "': " + cause.getMessage(), cause);
		}
		catch (TimeoutException ex) {
			throw new AcpAgentClientException(
					"Agent '" + name + "' did not open its event stream within " + this.exchange.timeout());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AcpAgentClientException("Interrupted while connecting to agent '" + name + "'");
		}
	}

	/**
	 * Open the stream of a session unless it is open, and wait (bounded) until it is: the
	 * agent's messages for the session, and the answer to the message about to be sent,
	 * come on it. Should it not open, they come on the connection's stream.
	 * @param sessionId the session
	 */
	void awaitSessionStream(String sessionId) {
		EventStream stream = sessionStream(sessionId);
		if (stream == null) {
			return;
		}
		try {
			stream.ready.get(this.exchange.timeout().toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			logger.debug("The event stream of session '" + sessionId + "' of agent '" + this.exchange.name()
					+ "' did not open: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Open the stream of a session unless it is open, without waiting.
	 * @param sessionId the session
	 */
	void openSessionStream(String sessionId) {
		sessionStream(sessionId);
	}

	/**
	 * Let go of a session's stream (its session was closed).
	 * @param sessionId the session
	 */
	void closeSessionStream(String sessionId) {
		EventStream stream = this.sessionStreams.remove(sessionId);
		if (stream != null) {
			stream.close();
		}
	}

	/**
	 * Stop every stream.
	 */
	void closeAll() {
		EventStream stream = this.connectionStream;
		if (stream != null) {
			stream.close();
		}
		this.sessionStreams.values().forEach(EventStream::close);
		this.sessionStreams.clear();
	}

	private @Nullable EventStream sessionStream(String sessionId) {
		if (this.receiver.closed()) {
			return null;
		}
		return this.sessionStreams.computeIfAbsent(sessionId, (key) -> {
			EventStream stream = new EventStream(key);
			this.readers.execute(() -> read(stream));
			return stream;
		});
	}

	/**
	 * Read a stream until the connection closes, opening it again when it ended after it
	 * carried anything.
	 * @param stream the stream
	 */
	private void read(EventStream stream) {
		String reason = null;
		boolean fatal = false;
		while (!this.receiver.closed() && !stream.isClosed() && reason == null) {
			HttpResponse<InputStream> response;
			try {
				response = this.exchange.exchange(stream.describe(), streamRequest(stream));
			}
			catch (AcpAgentClientException ex) {
				stream.ready.completeExceptionally(ex);
				reason = ex.getMessage();
				break;
			}
			if (response.statusCode() != 200) {
				AcpAgentClientException failure = this.exchange.statusException(stream.describe(), response);
				stream.ready.completeExceptionally(failure);
				reason = failure.getMessage();
				break;
			}
			if (!stream.attach(response.body())) {
				break;
			}
			stream.ready.complete(null);
			ServerSentEventReader events = new ServerSentEventReader(response.body(), this.exchange.maxMessageSize());
			try {
				for (byte[] event = events.next(); event != null; event = events.next()) {
					this.receiver.receive(event, stream.sessionId);
				}
			}
			catch (ServerSentEventReader.EventTooLargeException ex) {
				reason = ex.getMessage() + " on " + stream.describe();
				fatal = true;
			}
			catch (IOException ex) {
				logger.debug(stream.describe() + " of agent '" + this.exchange.name() + "' failed: " + ex.getMessage());
			}
			if (!events.hasReceived() && reason == null) {
				reason = stream.describe() + " of agent '" + this.exchange.name() + "' ended";
			}
		}
		if (this.receiver.closed() || stream.isClosed() || reason == null) {
			return;
		}
		if (stream.sessionId == null || fatal) {
			this.receiver.failed(reason);
		}
		else {
			logger.debug(reason);
			this.sessionStreams.remove(stream.sessionId, stream);
		}
	}

	private HttpRequest streamRequest(EventStream stream) {
		HttpRequest.Builder request = this.exchange.request()
			.setHeader("Accept", "text/event-stream")
			.setHeader(AgentHttpExchange.CONNECTION_ID, this.connectionId)
			.GET();
		if (stream.sessionId != null) {
			request.setHeader(AgentHttpExchange.SESSION_ID, stream.sessionId);
		}
		return request.build();
	}

	/**
	 * Where the streams' messages go.
	 */
	interface Receiver {

		/**
		 * Take one message of the agent.
		 * @param frame the message
		 * @param sessionId the session of the stream it came on, {@code null} for the
		 * connection's
		 */
		void receive(byte[] frame, @Nullable String sessionId);

		/**
		 * The connection's stream is gone, or a stream carried an event past the limit.
		 * @param reason why
		 */
		void failed(@Nullable String reason);

		/**
		 * Whether the connection closed, so that no stream opens or reads any more.
		 * @return whether it closed
		 */
		boolean closed();

	}

	/**
	 * One event stream: the connection's, or a session's.
	 */
	private static final class EventStream {

		private final @Nullable String sessionId;

		/** Completes once the server answered the stream's {@code GET} with 200. */
		private final CompletableFuture<Void> ready = new CompletableFuture<>();

		private @Nullable InputStream body;

		private boolean closed;

		EventStream(@Nullable String sessionId) {
			this.sessionId = sessionId;
		}

		String describe() {
			return (this.sessionId != null) ? "the event stream of session '" + this.sessionId + "'"
					: "the event stream of the connection";
		}

		synchronized boolean isClosed() {
			return this.closed;
		}

		synchronized boolean attach(InputStream body) {
			if (this.closed) {
				closeQuietly(body);
				return false;
			}
			this.body = body;
			return true;
		}

		void close() {
			InputStream current;
			synchronized (this) {
				this.closed = true;
				current = this.body;
				this.body = null;
			}
			this.ready.completeExceptionally(new AcpAgentClientException("Closed"));
			if (current != null) {
				closeQuietly(current);
			}
		}

		private static void closeQuietly(InputStream body) {
			try {
				body.close();
			}
			catch (IOException ex) {
				logger.trace("Closing an event stream failed", ex);
			}
		}

	}

}

package dev.acp.spring.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcDecodeException;
import dev.acp.spring.jsonrpc.JsonRpcMessage;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.jsonrpc.JsonRpcRequest;
import dev.acp.spring.jsonrpc.JsonRpcResponse;
import dev.acp.spring.protocol.AcpMethods;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A remote agent reached over ACP's Streamable HTTP profile with the JDK's
 * {@link HttpClient}: each message to the agent is {@code POST}ed ({@code initialize} is
 * answered in the body, with the connection's {@code Acp-Connection-Id}), the agent's
 * messages arrive on server-sent event streams opened by {@code GET}, one for the
 * connection and one per session (opened when a session id becomes known, before the
 * first message for a session, or once {@code session/load} is answered: the server
 * answers it on the connection's stream, where its replay then comes first), and
 * {@code DELETE} ends the connection. Cookies the server sets (a balancer's affinity) are
 * sent back; cleartext {@code http://} speaks HTTP/1.1, {@code https://} negotiates
 * HTTP/2.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HttpAgentLink implements AgentLink {

	static final String CONNECTION_ID = "Acp-Connection-Id";

	static final String SESSION_ID = "Acp-Session-Id";

	private static final Log logger = LogFactory.getLog(HttpAgentLink.class);

	/**
	 * Statuses meaning the connection is unusable: credentials refused, or it is gone.
	 */
	private static final Set<Integer> CONNECTION_GONE = Set.of(401, 403, 404, 410);

	private static final int MAX_ERROR_BODY = 256;

	private static final Duration DELETE_TIMEOUT = Duration.ofSeconds(5);

	private final String name;

	private final URI url;

	private final Map<String, String> headers;

	private final JsonRpcConnectionFactory factory;

	private final int maxMessageSize;

	private final Duration timeout;

	private final Executor readers;

	private final HttpClient client;

	private final JsonRpcConnection connection;

	private final CompletableFuture<Void> terminated = new CompletableFuture<>();

	private final Map<String, EventStream> sessionStreams = new ConcurrentHashMap<>();

	/**
	 * The sessions of the {@code session/load}s waiting for their answer, by request id.
	 */
	private final Map<String, String> loading = new ConcurrentHashMap<>();

	/**
	 * The sessions of the {@code session/close}s waiting for their answer, by request id.
	 */
	private final Map<String, String> closing = new ConcurrentHashMap<>();

	/** The session stream each of the agent's requests came on: its answer names it. */
	private final Map<String, String> answerSessions = new ConcurrentHashMap<>();

	private final Object sending = new Object();

	private final Object inbound = new Object();

	private volatile @Nullable String connectionId;

	private volatile @Nullable EventStream connectionStream;

	private volatile boolean closed;

	private HttpAgentLink(String name, URI url, Map<String, String> headers, JsonRpcConnectionFactory factory,
			int maxMessageSize, Duration timeout, Executor readers) {
		this.name = name;
		this.url = url;
		this.headers = headers;
		this.factory = factory;
		this.maxMessageSize = maxMessageSize;
		this.timeout = timeout;
		this.readers = readers;
		this.client = HttpClient.newBuilder()
			.cookieHandler(new CookieManager())
			.connectTimeout(timeout)
			.followRedirects(HttpClient.Redirect.NEVER)
			.version(
					"https".equalsIgnoreCase(url.getScheme()) ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
			.build();
		this.connection = factory.open("http", this::send);
	}

	/**
	 * Prepare the link to an agent; the connection opens with the {@code initialize} the
	 * client sends first.
	 * @param name the agent's name
	 * @param url its {@code http://} or {@code https://} endpoint
	 * @param headers headers sent with every request (such as {@code Authorization})
	 * @param factory opens the JSON-RPC connection
	 * @param maxMessageSize the longest message taken from the agent
	 * @param timeout how long a request may wait for the HTTP answer
	 * @param readers runs the readers of the event streams
	 * @return the link
	 */
	static HttpAgentLink connect(String name, URI url, Map<String, String> headers, JsonRpcConnectionFactory factory,
			int maxMessageSize, Duration timeout, Executor readers) {
		HttpRequest.Builder check = HttpRequest.newBuilder(url);
		headers.forEach((header, value) -> {
			try {
				check.header(header, value);
			}
			catch (IllegalArgumentException ex) {
				throw new AcpAgentClientException(
						"Header '" + header + "' of agent '" + name + "' cannot be sent: " + ex.getMessage());
			}
		});
		return new HttpAgentLink(name, url, headers, factory, maxMessageSize, timeout, readers);
	}

	@Override
	public JsonRpcConnection connection() {
		return this.connection;
	}

	@Override
	public CompletableFuture<?> terminated() {
		return this.terminated;
	}

	@Override
	public @Nullable Integer exitCode() {
		return null;
	}

	private void send(byte[] frame) {
		JsonRpcMessage message = this.connection.codec().decode(frame, 0, frame.length);
		byte[] initializeAnswer = null;
		synchronized (this.sending) {
			if (this.closed) {
				logger.debug("Not sending to agent '" + this.name + "': the connection is closed");
				return;
			}
			String id = this.connectionId;
			if (id == null) {
				initializeAnswer = initialize(frame, message);
			}
			else {
				String sessionId = sessionIdOf(message);
				String idKey = (message instanceof JsonRpcRequest request) ? request.id().toString() : null;
				if (sessionId != null && isRequest(message, AcpMethods.SESSION_LOAD)) {
					this.loading.put(idKey, sessionId);
				}
				else if (sessionId != null && !(message instanceof JsonRpcResponse)) {
					awaitSessionStream(sessionId);
					if (isRequest(message, AcpMethods.SESSION_CLOSE)) {
						this.closing.put(idKey, sessionId);
					}
				}
				try {
					post(frame, message, id, sessionId);
				}
				catch (RuntimeException ex) {
					if (idKey != null) {
						this.loading.remove(idKey);
						this.closing.remove(idKey);
					}
					throw ex;
				}
			}
		}
		if (initializeAnswer != null) {
			receive(initializeAnswer, null);
		}
	}

	/**
	 * Whether a message is a request of the method. The server answers
	 * {@code session/load} on the connection's stream, so its replay must come there too,
	 * in order before the answer, not on a session stream read by another thread: that
	 * stream opens with the answer. A session's stream is let go once
	 * {@code session/close} is answered.
	 */
	private static boolean isRequest(JsonRpcMessage message, String method) {
		return message instanceof JsonRpcRequest request && method.equals(request.method());
	}

	private @Nullable String sessionIdOf(JsonRpcMessage message) {
		if (message instanceof JsonRpcResponse response) {
			return this.answerSessions.remove(response.id().toString());
		}
		JsonNode params = (message instanceof JsonRpcRequest request) ? request.params()
				: ((JsonRpcNotification) message).params();
		JsonNode sessionId = (params != null && params.isObject()) ? params.get("sessionId") : null;
		return (sessionId != null && sessionId.isString()) ? sessionId.stringValue() : null;
	}

	private byte[] initialize(byte[] frame, JsonRpcMessage message) {
		if (!(message instanceof JsonRpcRequest request) || !AcpMethods.INITIALIZE.equals(request.method())) {
			throw new AcpAgentClientException("The first message to agent '" + this.name + "' must be initialize");
		}
		HttpResponse<InputStream> response = exchange("initialize",
				request().setHeader("Content-Type", "application/json")
					.setHeader("Accept", "application/json")
					.POST(HttpRequest.BodyPublishers.ofByteArray(frame))
					.build());
		if (response.statusCode() != 200) {
			throw statusException("initialize", response);
		}
		String id = response.headers().firstValue(CONNECTION_ID).orElse(null);
		byte[] answer = readBody(response);
		if (id == null || id.isBlank()) {
			throw new AcpAgentClientException("Agent '" + this.name + "' at " + this.url
					+ " answered initialize without an " + CONNECTION_ID + " header");
		}
		this.connectionId = id;
		EventStream stream = new EventStream(null);
		this.connectionStream = stream;
		this.readers.execute(() -> read(stream));
		try {
			stream.ready.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			throw (cause instanceof AcpAgentClientException failure) ? failure : new AcpAgentClientException(
					"Could not open the event stream of agent '" + this.name + "': " + cause.getMessage(), cause);
		}
		catch (TimeoutException ex) {
			throw new AcpAgentClientException(
					"Agent '" + this.name + "' did not open its event stream within " + this.timeout);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AcpAgentClientException("Interrupted while connecting to agent '" + this.name + "'");
		}
		return answer;
	}

	private void post(byte[] frame, JsonRpcMessage message, String id, @Nullable String sessionId) {
		String what = describe(message);
		HttpRequest.Builder request = request().setHeader("Content-Type", "application/json")
			.setHeader(CONNECTION_ID, id)
			.POST(HttpRequest.BodyPublishers.ofByteArray(frame));
		if (sessionId != null) {
			request.setHeader(SESSION_ID, sessionId);
		}
		HttpResponse<InputStream> response;
		try {
			response = exchange(what, request.build());
		}
		catch (AcpAgentClientException ex) {
			shutdown(ex.getMessage());
			throw ex;
		}
		if (response.statusCode() / 100 == 2) {
			discard(response);
			return;
		}
		AcpAgentClientException failure = statusException(what, response);
		if (!(message instanceof JsonRpcRequest) || CONNECTION_GONE.contains(response.statusCode())) {
			shutdown(failure.getMessage());
		}
		throw failure;
	}

	private static String describe(JsonRpcMessage message) {
		if (message instanceof JsonRpcRequest request) {
			return request.method();
		}
		if (message instanceof JsonRpcNotification notification) {
			return notification.method();
		}
		return "the answer to request " + ((JsonRpcResponse) message).id();
	}

	private HttpRequest.Builder request() {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.url).timeout(this.timeout);
		this.headers.forEach(request::header);
		return request;
	}

	private HttpResponse<InputStream> exchange(String what, HttpRequest request) {
		try {
			return this.client.send(request, HttpResponse.BodyHandlers.ofInputStream());
		}
		catch (IOException ex) {
			throw new AcpAgentClientException("Could not send " + what + " to agent '" + this.name + "' at " + this.url
					+ ": " + ((ex.getMessage() != null) ? ex.getMessage() : ex.getClass().getSimpleName()), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AcpAgentClientException("Interrupted while sending " + what + " to agent '" + this.name + "'");
		}
	}

	private AcpAgentClientException statusException(String what, HttpResponse<InputStream> response) {
		String body;
		try (InputStream input = response.body()) {
			body = new String(input.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8).strip();
		}
		catch (IOException ex) {
			body = "";
		}
		return new AcpAgentClientException("Agent '" + this.name + "' at " + this.url + " answered " + what
				+ " with HTTP status " + response.statusCode() + (body.isEmpty() ? "" : ": " + body));
	}

	private byte[] readBody(HttpResponse<InputStream> response) {
		try (InputStream input = response.body()) {
			byte[] body = input.readNBytes(this.maxMessageSize + 1);
			if (body.length > this.maxMessageSize) {
				throw new AcpAgentClientException("The initialize answer of agent '" + this.name + "' is larger than "
						+ this.maxMessageSize + " bytes");
			}
			return body;
		}
		catch (IOException ex) {
			throw new AcpAgentClientException(
					"Could not read the initialize answer of agent '" + this.name + "': " + ex.getMessage(), ex);
		}
	}

	private static void discard(HttpResponse<InputStream> response) {
		try (InputStream input = response.body()) {
			input.skip(MAX_ERROR_BODY);
		}
		catch (IOException ex) {
			logger.trace("Discarding an answer body failed", ex);
		}
	}

	/**
	 * Open the stream of a session unless it is open, and wait (bounded) until it is: the
	 * agent's messages for the session, and the answer to the message about to be sent,
	 * come on it. Should it not open, they come on the connection's stream.
	 * @param sessionId the session
	 */
	private void awaitSessionStream(String sessionId) {
		EventStream stream = sessionStream(sessionId);
		if (stream == null) {
			return;
		}
		try {
			stream.ready.get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			logger.debug("The event stream of session '" + sessionId + "' of agent '" + this.name + "' did not open: "
					+ ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private @Nullable EventStream sessionStream(String sessionId) {
		if (this.closed) {
			return null;
		}
		return this.sessionStreams.computeIfAbsent(sessionId, (key) -> {
			EventStream stream = new EventStream(key);
			this.readers.execute(() -> read(stream));
			return stream;
		});
	}

	/**
	 * Read an event stream until the link closes. A stream that ends after it carried
	 * anything (a proxy's timeout, the server detaching a slow reader) is opened again;
	 * one that cannot be opened or ends at once is gone: the connection's closes the
	 * link, a session's is dropped (its messages then come on the connection's stream).
	 * @param stream the stream
	 */
	private void read(EventStream stream) {
		String reason = null;
		boolean fatal = false;
		while (!this.closed && !stream.isClosed() && reason == null) {
			HttpResponse<InputStream> response;
			try {
				response = exchange(stream.describe(), streamRequest(stream));
			}
			catch (AcpAgentClientException ex) {
				stream.ready.completeExceptionally(ex);
				reason = ex.getMessage();
				break;
			}
			if (response.statusCode() != 200) {
				AcpAgentClientException failure = statusException(stream.describe(), response);
				stream.ready.completeExceptionally(failure);
				reason = failure.getMessage();
				break;
			}
			if (!stream.attach(response.body())) {
				break;
			}
			stream.ready.complete(null);
			ServerSentEventReader events = new ServerSentEventReader(response.body(), this.maxMessageSize);
			try {
				for (byte[] event = events.next(); event != null; event = events.next()) {
					receive(event, stream.sessionId);
				}
			}
			catch (ServerSentEventReader.EventTooLargeException ex) {
				reason = ex.getMessage() + " on " + stream.describe();
				fatal = true;
			}
			catch (IOException ex) {
				logger.debug(stream.describe() + " of agent '" + this.name + "' failed: " + ex.getMessage());
			}
			if (!events.hasReceived() && reason == null) {
				reason = stream.describe() + " of agent '" + this.name + "' ended";
			}
		}
		if (this.closed || stream.isClosed() || reason == null) {
			return;
		}
		if (stream.sessionId == null || fatal) {
			shutdown(reason);
		}
		else {
			logger.debug(reason);
			this.sessionStreams.remove(stream.sessionId, stream);
		}
	}

	private HttpRequest streamRequest(EventStream stream) {
		HttpRequest.Builder request = request().setHeader("Accept", "text/event-stream")
			.setHeader(CONNECTION_ID, this.connectionId)
			.GET();
		if (stream.sessionId != null) {
			request.setHeader(SESSION_ID, stream.sessionId);
		}
		return request.build();
	}

	/**
	 * Hand one message of the agent to the connection, as a transport's reading thread
	 * does (one at a time, whatever stream it came on), noting what routes later
	 * messages: a session id in an answer opens that session's stream, a request that
	 * came on a session's stream is answered with that session's id.
	 * @param frame the message
	 * @param streamSessionId the session of the stream it came on
	 */
	private void receive(byte[] frame, @Nullable String streamSessionId) {
		JsonRpcMessage message;
		try {
			message = this.connection.codec().decode(frame, 0, frame.length);
		}
		catch (JsonRpcDecodeException ex) {
			synchronized (this.inbound) {
				this.connection.receive(frame, 0, frame.length);
			}
			return;
		}
		if (message instanceof JsonRpcRequest request && streamSessionId != null) {
			this.answerSessions.put(request.id().toString(), streamSessionId);
		}
		else if (message instanceof JsonRpcResponse response) {
			String loaded = this.loading.remove(response.id().toString());
			JsonNode sessionId = (response.result() != null && response.result().isObject())
					? response.result().get("sessionId") : null;
			if (loaded != null && response.error() == null) {
				sessionStream(loaded);
			}
			else if (sessionId != null && sessionId.isString()) {
				sessionStream(sessionId.stringValue());
			}
		}
		synchronized (this.inbound) {
			this.connection.receive(message);
		}
		String closed = (message instanceof JsonRpcResponse response) ? this.closing.remove(response.id().toString())
				: null;
		if (closed != null) {
			EventStream stream = this.sessionStreams.remove(closed);
			if (stream != null) {
				stream.close();
			}
		}
	}

	/**
	 * The connection failed: what waits for an answer fails as closed, the streams stop,
	 * and the server is told (best effort).
	 * @param reason why, for the log
	 */
	private void shutdown(@Nullable String reason) {
		if (this.closed) {
			return;
		}
		this.closed = true;
		logger.debug("The connection to agent '" + this.name + "' failed: " + reason);
		String id = this.connectionId;
		if (id != null) {
			this.client.sendAsync(deleteRequest(id), HttpResponse.BodyHandlers.discarding());
		}
		release();
	}

	@Override
	public void close() {
		if (this.closed) {
			this.terminated.complete(null);
			return;
		}
		this.closed = true;
		String id = this.connectionId;
		if (id != null) {
			try {
				HttpResponse<Void> response = this.client.send(deleteRequest(id),
						HttpResponse.BodyHandlers.discarding());
				if (response.statusCode() / 100 != 2) {
					logger.debug("Agent '" + this.name + "' answered DELETE with HTTP status " + response.statusCode());
				}
			}
			catch (IOException ex) {
				logger.debug("Ending the connection to agent '" + this.name + "' failed: " + ex.getMessage());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		release();
	}

	private HttpRequest deleteRequest(String id) {
		return request().timeout(DELETE_TIMEOUT.compareTo(this.timeout) < 0 ? DELETE_TIMEOUT : this.timeout)
			.setHeader(CONNECTION_ID, id)
			.DELETE()
			.build();
	}

	private void release() {
		EventStream stream = this.connectionStream;
		if (stream != null) {
			stream.close();
		}
		this.sessionStreams.values().forEach(EventStream::close);
		this.sessionStreams.clear();
		this.connection.inputEnded();
		this.factory.close(this.connection, Duration.ZERO);
		this.terminated.complete(null);
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

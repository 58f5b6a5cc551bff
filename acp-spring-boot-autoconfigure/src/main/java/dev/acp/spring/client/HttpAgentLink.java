package dev.acp.spring.client;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;

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
 * {@link java.net.http.HttpClient}: each message to the agent is {@code POST}ed
 * ({@code initialize} is answered in the body, with the connection's
 * {@code Acp-Connection-Id}), the agent's messages arrive on server-sent event streams
 * opened by {@code GET}, one for the connection and one per session (opened when a
 * session id becomes known, before the first message for a session, or once
 * {@code session/load} is answered: the server answers it on the connection's stream,
 * where its replay then comes first), and {@code DELETE} ends the connection. Cookies the
 * server sets (a balancer's affinity) are sent back; cleartext {@code http://} speaks
 * HTTP/1.1, {@code https://} negotiates HTTP/2.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HttpAgentLink implements AgentLink, AgentEventStreams.Receiver {

	private static final Log logger = LogFactory.getLog(HttpAgentLink.class);

	/**
	 * Statuses meaning the connection is unusable: credentials refused, or it is gone.
	 */
	private static final Set<Integer> CONNECTION_GONE = Set.of(401, 403, 404, 410);

	private final AgentHttpExchange exchange;

	private final JsonRpcConnectionFactory factory;

	private final AgentEventStreams streams;

	private final JsonRpcConnection connection;

	private final CompletableFuture<Void> terminated = new CompletableFuture<>();

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

	private volatile boolean closed;

	private HttpAgentLink(AgentHttpExchange exchange, JsonRpcConnectionFactory factory, Executor readers) {
		this.exchange = exchange;
		this.factory = factory;
		this.streams = new AgentEventStreams(exchange, readers, this);
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
		return new HttpAgentLink(AgentHttpExchange.of(name, url, headers, maxMessageSize, timeout), factory, readers);
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
				logger.debug("Not sending to agent '" + this.exchange.name() + "': the connection is closed");
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
					this.streams.awaitSessionStream(sessionId);
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
			throw new AcpAgentClientException(
					"The first message to agent '" + this.exchange.name() + "' must be initialize");
		}
		HttpResponse<InputStream> response = this.exchange.exchange("initialize",
				this.exchange.request()
					.setHeader("Content-Type", "application/json")
					.setHeader("Accept", "application/json")
					.POST(HttpRequest.BodyPublishers.ofByteArray(frame))
					.build());
		if (response.statusCode() != 200) {
			throw this.exchange.statusException("initialize", response);
		}
		String id = response.headers().firstValue(AgentHttpExchange.CONNECTION_ID).orElse(null);
		byte[] answer = this.exchange.initializeAnswer(response);
		if (id == null || id.isBlank()) {
			throw new AcpAgentClientException("Agent '" + this.exchange.name() + "' at " + this.exchange.url()
					+ " answered initialize without an " + AgentHttpExchange.CONNECTION_ID + " header");
		}
		this.connectionId = id;
		this.streams.openConnectionStream(id);
		return answer;
	}

	private void post(byte[] frame, JsonRpcMessage message, String id, @Nullable String sessionId) {
		String what = describe(message);
		HttpRequest.Builder request = this.exchange.request()
			.setHeader("Content-Type", "application/json")
			.setHeader(AgentHttpExchange.CONNECTION_ID, id)
			.POST(HttpRequest.BodyPublishers.ofByteArray(frame));
		if (sessionId != null) {
			request.setHeader(AgentHttpExchange.SESSION_ID, sessionId);
		}
		HttpResponse<InputStream> response;
		try {
			response = this.exchange.exchange(what, request.build());
		}
		catch (AcpAgentClientException ex) {
			failed(ex.getMessage());
			throw ex;
		}
		if (response.statusCode() / 100 == 2) {
			AgentHttpExchange.discard(response);
			return;
		}
		AcpAgentClientException failure = this.exchange.statusException(what, response);
		if (!(message instanceof JsonRpcRequest) || CONNECTION_GONE.contains(response.statusCode())) {
			failed(failure.getMessage());
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

	/**
	 * Hand one message of the agent to the connection, as a transport's reading thread
	 * does (one at a time, whatever stream it came on), noting what routes later
	 * messages: a session id in an answer opens that session's stream, a request that
	 * came on a session's stream is answered with that session's id.
	 * @param frame the message
	 * @param streamSessionId the session of the stream it came on
	 */
	@Override
	public void receive(byte[] frame, @Nullable String streamSessionId) {
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
				this.streams.openSessionStream(loaded);
			}
			else if (sessionId != null && sessionId.isString()) {
				this.streams.openSessionStream(sessionId.stringValue());
			}
		}
		synchronized (this.inbound) {
			this.connection.receive(message);
		}
		String closedSession = (message instanceof JsonRpcResponse response)
				? this.closing.remove(response.id().toString()) : null;
		if (closedSession != null) {
			this.streams.closeSessionStream(closedSession);
		}
	}

	/**
	 * The connection failed: what waits for an answer fails as closed, the streams stop,
	 * and the server is told (best effort).
	 * @param reason why, for the log
	 */
	@Override
	public void failed(@Nullable String reason) {
		if (this.closed) {
			return;
		}
		this.closed = true;
		logger.debug("The connection to agent '" + this.exchange.name() + "' failed: " + reason);
		String id = this.connectionId;
		if (id != null) {
			this.exchange.deleteLater(id);
		}
		release();
	}

	@Override
	public boolean closed() {
		return this.closed;
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
			this.exchange.delete(id);
		}
		release();
	}

	private void release() {
		this.streams.closeAll();
		this.connection.inputEnded();
		this.factory.close(this.connection, Duration.ZERO);
		this.terminated.complete(null);
	}

}

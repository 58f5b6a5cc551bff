package dev.acp.spring.method;

import java.util.Collections;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.session.AcpSession;

/**
 * What a handler knows about the call it serves: the method, the request id, the params,
 * the session they name, their {@code _meta} (with W3C trace context), the connection and
 * whether the request was cancelled.
 * <p>
 * The starter creates one per call with {@link #forRequest} or {@link #forNotification},
 * as a unit test of a handler method does (the test module's
 * {@code AcpTestClient.requestContext} gives one whose connection and client are real).
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpRequestContext {

	private static final Log logger = LogFactory.getLog(AcpRequestContext.class);

	private static final TypeReference<Map<String, Object>> MAP_TYPE = new TypeReference<>() {
	};

	private final String method;

	private final @Nullable JsonNode id;

	private final @Nullable JsonNode params;

	private final @Nullable AcpConnection connection;

	private final boolean notification;

	private final @Nullable CompletableFuture<?> cancellation;

	private final ObjectMapper mapper;

	private final @Nullable Object boundParams;

	private @Nullable Map<String, Object> meta;

	private AcpRequestContext(String method, @Nullable JsonNode id, @Nullable JsonNode params,
			@Nullable AcpConnection connection, boolean notification, @Nullable CompletableFuture<?> cancellation,
			ObjectMapper mapper, @Nullable Object boundParams) {
		this.method = method;
		this.id = id;
		this.params = params;
		this.connection = connection;
		this.notification = notification;
		this.cancellation = cancellation;
		this.mapper = mapper;
		this.boundParams = boundParams;
	}

	/**
	 * Create the context of a request: it is cancelled once {@code cancellation}
	 * completes (normally or not), which runs the {@link #onCancel} callbacks.
	 * @param method the method name
	 * @param id the request id (a string or number node)
	 * @param params the params, or {@code null}
	 * @param connection the connection the handler sees (its {@link #client()} is the
	 * connection's), or {@code null} for a call an agent makes to a client, whose
	 * handlers have no connection to an agent's peer
	 * @param mapper the protocol mapper, reading {@link #meta()}
	 * @param cancellation completes when the request is cancelled, or {@code null} for a
	 * request never cancelled
	 * @return the context
	 */
	public static AcpRequestContext forRequest(String method, JsonNode id, @Nullable JsonNode params,
			@Nullable AcpConnection connection, ObjectMapper mapper, @Nullable CompletableFuture<?> cancellation) {
		if (id == null) {
			throw new IllegalArgumentException("A request has an id");
		}
		return new AcpRequestContext(method, id, params, connection, false, cancellation, mapper, null);
	}

	/**
	 * Create the context of a notification.
	 * @param method the method name
	 * @param params the params, or {@code null}
	 * @param connection the connection the handler sees, or {@code null} for a
	 * notification an agent sends to a client
	 * @param mapper the protocol mapper, reading {@link #meta()}
	 * @return the context
	 */
	public static AcpRequestContext forNotification(String method, @Nullable JsonNode params,
			@Nullable AcpConnection connection, ObjectMapper mapper) {
		return new AcpRequestContext(method, null, params, connection, true, null, mapper, null);
	}

	/**
	 * This call, with its params bound already (by this context's mapper) to a value that
	 * a handler taking exactly that type gets instead of binding them again: the starter
	 * binds the params of a recorded {@code session/prompt} to a {@code PromptRequest}
	 * once, to record the prompt and to serve the handler.
	 * @param value the params bound, not shared with anything a handler could change
	 * @return a context like this one, with the bound params
	 */
	public AcpRequestContext withBoundParams(Object value) {
		return new AcpRequestContext(this.method, this.id, this.params, this.connection, this.notification,
				this.cancellation, this.mapper, value);
	}

	/**
	 * The params as bound already by {@link #withBoundParams}, when they were bound to
	 * exactly the given type by the given mapper.
	 * @param <T> the type
	 * @param type the type a handler takes
	 * @param mapper the mapper that would bind them
	 * @return the bound params, or {@code null} when they must be bound
	 */
	public <T> @Nullable T boundParams(Class<T> type, ObjectMapper mapper) {
		Object value = this.boundParams;
		return (value != null && value.getClass() == type && mapper == this.mapper) ? type.cast(value) : null;
	}

	public String method() {
		return this.method;
	}

	/**
	 * The request id exactly as received.
	 * @return the id, {@code null} for a notification
	 */
	public @Nullable JsonNode requestId() {
		return this.id;
	}

	/**
	 * Whether this call is a notification.
	 * @return whether it is one
	 */
	public boolean isNotification() {
		return this.notification;
	}

	/**
	 * The params as received.
	 * @return the params, or {@code null} when absent
	 */
	public @Nullable JsonNode params() {
		return this.params;
	}

	/**
	 * The session the call names: the {@code sessionId} of the params, as every
	 * session-scoped ACP method carries it.
	 * @return the session id, or {@code null} when the params name none
	 */
	public @Nullable String sessionId() {
		JsonNode node = (this.params != null) ? this.params.get("sessionId") : null;
		return (node != null && node.isString()) ? node.stringValue() : null;
	}

	/**
	 * The session the call names, as this connection serves it.
	 * @return the session, or {@code null} when the params name none, this connection
	 * serves no session of that id, or the call has no connection (a client's handler)
	 * @see AcpConnection#session(String)
	 */
	public @Nullable AcpSession session() {
		String sessionId = sessionId();
		return (sessionId != null && this.connection != null) ? this.connection.session(sessionId) : null;
	}

	/**
	 * The {@code _meta} object of the params as a node.
	 * @return the node, or {@code null} when absent
	 */
	public @Nullable JsonNode metaNode() {
		JsonNode node = (this.params != null) ? this.params.get("_meta") : null;
		return (node != null && node.isObject()) ? node : null;
	}

	/**
	 * The {@code _meta} object of the params.
	 * @return an unmodifiable map, empty when absent
	 */
	public Map<String, Object> meta() {
		if (this.meta == null) {
			JsonNode node = metaNode();
			this.meta = (node != null) ? Collections.unmodifiableMap(this.mapper.treeToValue(node, MAP_TYPE))
					: Map.of();
		}
		return this.meta;
	}

	/**
	 * The W3C {@code traceparent} sent in {@code _meta}.
	 * @return the value, or {@code null}
	 */
	public @Nullable String traceparent() {
		return metaString("traceparent");
	}

	/**
	 * The W3C {@code tracestate} sent in {@code _meta}.
	 * @return the value, or {@code null}
	 */
	public @Nullable String tracestate() {
		return metaString("tracestate");
	}

	/**
	 * The W3C {@code baggage} sent in {@code _meta}.
	 * @return the value, or {@code null}
	 */
	public @Nullable String baggage() {
		return metaString("baggage");
	}

	private @Nullable String metaString(String key) {
		JsonNode meta = metaNode();
		JsonNode value = (meta != null) ? meta.get(key) : null;
		return (value != null && value.isString()) ? value.stringValue() : null;
	}

	/**
	 * The connection to the client the handler serves.
	 * @return the connection
	 * @throws IllegalStateException for a client's handler of a call from an agent, which
	 * has none
	 */
	public AcpConnection connection() {
		AcpConnection connection = this.connection;
		if (connection == null) {
			throw new IllegalStateException("The handler of '" + this.method + "' serves an agent's call to a client:"
					+ " it has no connection to a client");
		}
		return connection;
	}

	/**
	 * Calls to the client of this connection.
	 * @return the client
	 * @throws IllegalStateException for a client's handler of a call from an agent, which
	 * has none
	 */
	public AcpClient client() {
		return connection().client();
	}

	/**
	 * Whether the call was cancelled: by {@code $/cancel_request} or shutdown (it has
	 * then been answered -32800 already and the handler's result is dropped), or, for a
	 * {@code session/prompt}, by a {@code session/cancel} of its session (the turn then
	 * answers {@code stopReason: "cancelled"} whatever the handler returns). The handler
	 * should stop its work soon; its thread is also interrupted where it blocks.
	 * @return whether cancelled
	 */
	public boolean isCancelled() {
		return this.cancellation != null && this.cancellation.isDone();
	}

	/**
	 * Run a callback when the call is cancelled (at once if it already was). It runs on
	 * the thread that reads the connection, so it must not block.
	 * @param callback the callback
	 */
	public void onCancel(Runnable callback) {
		if (this.cancellation != null) {
			// Nothing waits for the callback: the stage whenComplete returns only repeats
			// the cancellation's outcome, as runCallback keeps the callback's failures
			CompletableFuture<?> unused = this.cancellation.whenComplete((result, failure) -> runCallback(callback));
		}
	}

	private void runCallback(Runnable callback) {
		try {
			callback.run();
		}
		catch (Throwable ex) {
			logger.warn("A cancellation callback of '" + this.method + "' failed", ex);
		}
	}

}

package dev.acp.spring.jsonrpc;

import java.security.Principal;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One bidirectional JSON-RPC connection: decodes what the transport reads and routes it.
 * Which requests are taken is {@link InboundAdmission}'s job, who runs when
 * {@link InboundOrder}'s, a request's life (answered exactly once, time limits,
 * cancellation) {@link InboundCalls}', and the correlation of outbound requests with
 * their answers {@link OutboundCalls}'.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class JsonRpcConnection {

	/** The notification a peer sends to cancel one of its requests. */
	public static final String CANCEL_REQUEST_METHOD = "$/cancel_request";

	private static final Log logger = LogFactory.getLog(JsonRpcConnection.class);

	private final String id;

	private final String transport;

	private final JsonRpcCodec codec;

	private final MessageSink sink;

	private final InboundOrder order;

	private final Duration outboundTimeout;

	private final JsonRpcHandler handler;

	private final JsonRpcStatistics statistics;

	private final InboundAdmission admission;

	private final InboundCalls inbound;

	private final OutboundCalls outbound;

	private volatile @Nullable Principal principal;

	private volatile boolean orderedAnswers;

	JsonRpcConnection(String id, String transport, JsonRpcCodec codec, MessageSink sink, Executor requestExecutor,
			Executor controlExecutor, Duration outboundTimeout, JsonRpcStatistics statistics,
			JsonRpcHandlerFactory handlerFactory) {
		this.statistics = statistics;
		this.id = id;
		this.transport = transport;
		this.codec = codec;
		this.sink = sink;
		this.order = new InboundOrder(controlExecutor);
		this.outboundTimeout = outboundTimeout;
		this.admission = new InboundAdmission(statistics);
		this.outbound = new OutboundCalls(controlExecutor, this::send, this::notify);
		this.handler = handlerFactory.createHandler(this);
		this.inbound = new InboundCalls(codec, this.handler, requestExecutor, this.admission, this.order, statistics,
				this::send);
	}

	/**
	 * A unique id of this connection.
	 * @return the id
	 */
	public String id() {
		return this.id;
	}

	/**
	 * The name of the transport carrying this connection, such as {@code stdio}.
	 * @return the transport name
	 */
	public String transport() {
		return this.transport;
	}

	/**
	 * Counts of the events no answer shows, shared by the connections of a factory.
	 * @return the statistics
	 */
	public JsonRpcStatistics statistics() {
		return this.statistics;
	}

	/**
	 * The codec of this connection.
	 * @return the codec
	 */
	public JsonRpcCodec codec() {
		return this.codec;
	}

	/**
	 * The default timeout of outbound requests ({@code acp.client.request-timeout}).
	 * @return the timeout
	 */
	public Duration outboundTimeout() {
		return this.outboundTimeout;
	}

	/**
	 * The authenticated peer, as the transport established it (for example the principal
	 * of a WebSocket handshake).
	 * @return the principal, or {@code null}
	 */
	public @Nullable Principal principal() {
		return this.principal;
	}

	/**
	 * Set the authenticated peer; called by the transport.
	 * @param principal the principal, or {@code null}
	 */
	public void setPrincipal(@Nullable Principal principal) {
		this.principal = principal;
	}

	/**
	 * Bound the inbound requests of this connection not answered yet; past it a request
	 * is answered -32001 at once, so that one peer cannot occupy every handler thread.
	 * @param maxInFlight the bound
	 */
	public void setMaxInFlight(int maxInFlight) {
		this.admission.setMaxInFlight(maxInFlight);
	}

	/**
	 * Bound the handler threads this connection holds at once: past it its requests wait
	 * in its own queue (while a place is free, else they are answered busy), so that one
	 * peer never holds every handler thread nor fills the shared queue.
	 * @param maxThreads the bound
	 * @param waitingPermits places for requests waiting in their connection's own queue,
	 * shared by connections
	 */
	void setMaxThreads(int maxThreads, Semaphore waitingPermits) {
		this.inbound.setMaxThreads(maxThreads, waitingPermits);
	}

	void setOrderedAnswers(boolean orderedAnswers) {
		this.orderedAnswers = orderedAnswers;
	}

	/**
	 * The number of inbound requests not answered yet.
	 * @return the count
	 */
	public int inFlightRequests() {
		return this.admission.unansweredCount();
	}

	/**
	 * The requests that hold or wait for an order key (running, queued, or cancelled with
	 * their handler still running).
	 * @return the count
	 */
	int orderedRequests() {
		return this.order.size();
	}

	/**
	 * Whether the connection was closed.
	 * @return whether closed
	 */
	public boolean isClosed() {
		return this.admission.isClosed();
	}

	/**
	 * Receive one frame from the transport. Called by the reading thread.
	 * @param frame the buffer
	 * @param offset the frame offset
	 * @param length the frame length
	 */
	public void receive(byte[] frame, int offset, int length) {
		JsonRpcMessage message;
		try {
			message = this.codec.decode(frame, offset, length);
		}
		catch (JsonRpcDecodeException ex) {
			if (ex.isNotification()) {
				this.statistics.notificationDropped();
				if (logger.isDebugEnabled()) {
					logger.debug("Dropping a malformed notification: " + ex.getError().message());
				}
				return;
			}
			this.statistics.parseError();
			answerError(ex.getId(), ex.getError());
			return;
		}
		receive(message);
	}

	/**
	 * Answer a frame the transport refused to read (too large, wrong frame type).
	 * @param error the error to answer, with a {@code null} id
	 */
	public void reject(JsonRpcError error) {
		this.statistics.parseError();
		answerError(null, error);
	}

	/**
	 * Receive one decoded message. Called by the reading thread.
	 * @param message the message
	 */
	public void receive(JsonRpcMessage message) {
		if (message instanceof JsonRpcRequest request) {
			receiveRequest(request);
		}
		else if (message instanceof JsonRpcNotification notification) {
			receiveNotification(notification);
		}
		else if (message instanceof JsonRpcResponse response) {
			receiveResponse(response);
		}
	}

	private void receiveRequest(JsonRpcRequest request) {
		String orderKey;
		try {
			orderKey = this.handler.orderKey(request.method(), request.params());
		}
		catch (RuntimeException ex) {
			logger.error("Order key of '" + request.method() + "' failed", ex);
			answerError(request.id(), JsonRpcError.internalError());
			return;
		}
		InboundRequest call = new InboundRequest(this, this.admission, request, InboundAdmission.key(request.id()),
				orderKey);
		JsonRpcError refusal = this.admission.admit(call);
		if (refusal != null) {
			answerError(request.id(), refusal);
			return;
		}
		this.inbound.admitted(call);
	}

	private void receiveNotification(JsonRpcNotification notification) {
		if (CANCEL_REQUEST_METHOD.equals(notification.method())) {
			cancelInbound(notification.params());
			return;
		}
		try {
			this.handler.notificationReceived(notification);
		}
		catch (RuntimeException ex) {
			logger.error("Handler of notification '" + notification.method() + "' failed on arrival", ex);
		}
		try {
			this.order.notification(() -> {
				try {
					this.handler.handleNotification(notification);
				}
				catch (Throwable ex) {
					logger.error("Handler of notification '" + notification.method() + "' failed", ex);
				}
			});
		}
		catch (RejectedExecutionException ex) {
			logger.warn("Dropping a notification: the executor refused it");
		}
	}

	private void cancelInbound(@Nullable JsonNode params) {
		JsonNode requestId = (params != null && params.isObject()) ? params.get("requestId") : null;
		InboundRequest call = (requestId != null && (requestId.isString() || requestId.isNumber()))
				? this.admission.find(requestId) : null;
		if (call == null) {
			logger.debug("Ignoring cancellation of a request that is not in flight");
			return;
		}
		this.statistics.cancelled();
		this.inbound.cancel(call, JsonRpcError.requestCancelled());
	}

	/**
	 * Apply the request time limits with {@code timeout} as the grace period of cancelled
	 * handlers too (see {@link #expireRequests(Duration, Duration)}).
	 * @param timeout the longest a handler may run
	 * @return how many requests were answered for their handler
	 */
	public int expireRequests(Duration timeout) {
		return expireRequests(timeout, timeout);
	}

	/**
	 * Apply the request time limits. A request whose handler has run longer than
	 * {@code timeout} is answered with an internal error; a request past its own limit
	 * ({@link InboundRequest#cancelAfter(Duration)}) is answered -32800; a request whose
	 * cancellation was signalled longer than {@code gracePeriod} ago is answered as its
	 * handler would answer a cancellation ({@link JsonRpcHandler#cancelledResult}). Each
	 * handler is told it is cancelled (its thread interrupted); a handler given up on
	 * (past the timeout or the grace period) no longer holds the requests of its order
	 * key, and anything it still sends is dropped.
	 * @param timeout the longest a handler may run
	 * @param gracePeriod the longest a cancelled handler may take to return
	 * @return how many requests were answered for their handler
	 */
	public int expireRequests(Duration timeout, Duration gracePeriod) {
		return this.inbound.expire(timeout, gracePeriod);
	}

	/**
	 * Signal cancellation to the handlers of every request of an order key not finished
	 * yet, running or waiting, without answering them (see
	 * {@link InboundRequest#signalCancellation()}).
	 * @param orderKey the key
	 * @return how many requests were told
	 */
	public int signalCancellation(String orderKey) {
		return this.inbound.signalCancellation(orderKey);
	}

	/**
	 * Signal cancellation to the handler of the request of an order key that runs, and
	 * answer -32800 the requests of that key waiting behind it (a protocol's requests
	 * held until the one before them ends, as ACP v2 holds the prompts sent during a
	 * turn).
	 * @param orderKey the key
	 * @return how many requests were cancelled
	 */
	public int cancelWithWaiting(String orderKey) {
		return this.inbound.cancelWithWaiting(orderKey);
	}

	boolean acknowledge(InboundRequest call, Object result) {
		return this.inbound.acknowledge(call, result);
	}

	private void receiveResponse(JsonRpcResponse response) {
		if (!this.orderedAnswers) {
			this.outbound.answered(response);
			return;
		}
		try {
			this.order.notification(() -> this.outbound.answeredInline(response));
		}
		catch (RejectedExecutionException ex) {
			this.outbound.answered(response);
		}
	}

	private void answerError(@Nullable JsonNode id, JsonRpcError error) {
		send(this.codec.encodeError(id, error));
	}

	private void send(byte[] frame) {
		InboundRequest current = InboundCalls.current();
		if (current == null) {
			this.sink.send(frame);
			return;
		}
		if (current.isGivenUp()) {
			if (current.firstDrop()) {
				logger.warn("Dropping a message the handler of '" + current.method()
						+ "' sent after it was given up on (it ran past its time limit); later ones at debug");
			}
			else if (logger.isDebugEnabled()) {
				logger.debug("Dropping another message of the handler of '" + current.method() + "'");
			}
			return;
		}
		current.writeStarted();
		try {
			this.sink.send(frame);
		}
		finally {
			current.writeEnded();
		}
	}

	/**
	 * Send a request to the peer.
	 * @param method the method
	 * @param params the params (any Jackson-writable value) or {@code null}
	 * @return the result, failing with {@link JsonRpcException} if the peer answered an
	 * error, or {@link java.util.concurrent.TimeoutException} if it did not answer in
	 * time
	 */
	public CompletableFuture<JsonNode> request(String method, @Nullable Object params) {
		return request(method, params, this.outboundTimeout);
	}

	/**
	 * Send a request to the peer. When the answer does not come in time, or the caller
	 * cancels the returned future (abandons the call), the peer is sent a
	 * {@code $/cancel_request} for it, so that it can stop its work (close a dialog). A
	 * request sent by a handler on the thread serving an inbound request is abandoned
	 * when that request is cancelled.
	 * @param method the method
	 * @param params the params (any Jackson-writable value) or {@code null}
	 * @param timeout how long to wait for the answer
	 * @return the result, failing with {@link JsonRpcException} if the peer answered an
	 * error, or {@link java.util.concurrent.TimeoutException} if it did not answer in
	 * time
	 */
	// the callback forgetting the abandon callback cannot fail: its future carries
	// nothing
	@SuppressWarnings("FutureReturnValueIgnored")
	public CompletableFuture<JsonNode> request(String method, @Nullable Object params, Duration timeout) {
		InboundRequest current = InboundCalls.current();
		if (current != null && current.isGivenUp()) {
			return CompletableFuture.failedFuture(new CancellationException(
					"The handler of '" + current.method() + "' was given up on (it ran past its time limit)"));
		}
		CompletableFuture<JsonNode> call = this.outbound
			.request((requestId) -> this.codec.encodeRequest(requestId, method, params), timeout);
		if (current != null && !call.isDone()) {
			// made on behalf of the request being served: abandoned with it
			Runnable abandon = () -> call.cancel(false);
			current.onCancel(abandon);
			call.whenComplete((result, failure) -> current.removeCancelCallback(abandon));
		}
		return call;
	}

	/**
	 * Send a notification to the peer.
	 * @param method the method
	 * @param params the params (any Jackson-writable value) or {@code null}
	 */
	public void notify(String method, @Nullable Object params) {
		send(this.codec.encodeNotification(method, params));
		this.statistics.notificationSent();
	}

	/**
	 * Close the connection: refuse new requests (-32800), let in-flight requests finish
	 * for up to {@code drain} (they may still call the peer), answer the rest -32800,
	 * then fail outbound requests still waiting.
	 * @param drain the longest time to wait for in-flight requests
	 * @return {@code true} if every request finished within the drain time
	 */
	public boolean close(Duration drain) {
		if (!this.admission.close()) {
			return this.admission.unansweredCount() == 0;
		}
		boolean drained = this.admission.awaitWritten(drain);
		for (InboundRequest call : this.admission.snapshot()) {
			this.inbound.cancel(call, JsonRpcError.requestCancelled());
		}
		this.inbound.cancelAcknowledged();
		this.outbound.peerGone();
		try {
			this.handler.connectionClosed();
		}
		catch (RuntimeException ex) {
			logger.warn("Connection close callback failed", ex);
		}
		return drained;
	}

	/**
	 * The peer will send nothing more (end of input): its answers cannot come, so the
	 * outbound requests waiting for one fail at once, as do new ones; inbound requests in
	 * flight go on until {@link #close(Duration)}.
	 */
	public void inputEnded() {
		this.outbound.peerGone();
	}

}

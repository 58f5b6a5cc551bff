package dev.acp.spring.jsonrpc;

import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import tools.jackson.databind.JsonNode;

/**
 * One bidirectional JSON-RPC connection: dispatches inbound requests off the reading
 * thread (unless the handler asks for in-line dispatch of a method that never blocks) in
 * the order {@link InboundOrder} keeps, answers every request exactly once, and
 * correlates outbound requests with their responses.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class JsonRpcConnection {

	/** The notification a peer sends to cancel one of its requests. */
	public static final String CANCEL_REQUEST_METHOD = "$/cancel_request";

	private static final Log logger = LogFactory.getLog(JsonRpcConnection.class);

	private static final Object EMPTY_RESULT = Map.of();

	private static final ThreadLocal<InboundRequest> CURRENT = new ThreadLocal<>();

	private final String id;

	private final String transport;

	private final JsonRpcCodec codec;

	private final MessageSink sink;

	private final Executor requestExecutor;

	private final InboundOrder order;

	private final Duration outboundTimeout;

	private final JsonRpcHandler handler;

	private final Map<String, InboundRequest> inbound = new ConcurrentHashMap<>();

	private final Map<Long, CompletableFuture<JsonNode>> outbound = new ConcurrentHashMap<>();

	/**
	 * Requests answered as cancelled while their handler still runs: they hold their
	 * order key until the handler returns, or until the handler time limit releases it.
	 */
	private final Set<InboundRequest> cancelledRunning = ConcurrentHashMap.newKeySet();

	private final AtomicLong nextOutboundId = new AtomicLong();

	private final Executor controlExecutor;

	private final JsonRpcStatistics statistics;

	private final Object drainMonitor = new Object();

	private final Object admission = new Object();

	private volatile boolean closed;

	private volatile boolean ended;

	private volatile boolean peerGone;

	private volatile int maxInFlight = Integer.MAX_VALUE;

	/**
	 * Admitted requests not answered yet: the in-flight bound counts these, so that a
	 * request sent the moment an answer arrives is not refused while the answered one is
	 * still being cleaned up.
	 */
	private final AtomicInteger unanswered = new AtomicInteger();

	private volatile Principal principal;

	JsonRpcConnection(String id, String transport, JsonRpcCodec codec, MessageSink sink, Executor requestExecutor,
			Executor controlExecutor, Duration outboundTimeout, JsonRpcStatistics statistics,
			JsonRpcHandlerFactory handlerFactory) {
		this.statistics = statistics;
		this.id = id;
		this.transport = transport;
		this.codec = codec;
		this.sink = sink;
		this.requestExecutor = requestExecutor;
		this.controlExecutor = controlExecutor;
		this.order = new InboundOrder(controlExecutor);
		this.outboundTimeout = outboundTimeout;
		this.handler = handlerFactory.createHandler(this);
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
	public Principal principal() {
		return this.principal;
	}

	/**
	 * Set the authenticated peer; called by the transport.
	 * @param principal the principal, or {@code null}
	 */
	public void setPrincipal(Principal principal) {
		this.principal = principal;
	}

	/**
	 * Bound the inbound requests of this connection not answered yet; past it a request
	 * is answered -32001 at once, so that one peer cannot occupy every handler thread.
	 * @param maxInFlight the bound
	 */
	public void setMaxInFlight(int maxInFlight) {
		this.maxInFlight = (maxInFlight > 0) ? maxInFlight : Integer.MAX_VALUE;
	}

	/**
	 * The number of inbound requests not answered yet.
	 * @return the count
	 */
	public int inFlightRequests() {
		return this.inbound.size();
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
		return this.closed;
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
		InboundRequest call = new InboundRequest(this, request, key(request.id()), orderKey);
		JsonRpcError refusal = null;
		synchronized (this.admission) {
			if (this.closed) {
				refusal = JsonRpcError.requestCancelled();
			}
			else if (this.unanswered.get() >= this.maxInFlight) {
				this.statistics.busy();
				refusal = JsonRpcError.serverBusy();
			}
			else if (this.inbound.putIfAbsent(call.key(), call) != null) {
				refusal = JsonRpcError.invalidRequest("A request with this id is in flight");
			}
			else {
				this.unanswered.incrementAndGet();
				call.admitted();
			}
		}
		if (refusal != null) {
			answerError(request.id(), refusal);
			return;
		}
		this.order.request(call, this::start);
	}

	private void start(InboundRequest call) {
		if (this.handler.isDispatchedInline(call.method())) {
			dispatch(call, false);
			return;
		}
		try {
			this.requestExecutor.execute(() -> dispatch(call, true));
		}
		catch (RejectedExecutionException ex) {
			this.statistics.busy();
			if (call.markAnswered()) {
				send(this.codec.encodeError(call.id(), JsonRpcError.serverBusy()));
			}
			removeInbound(call);
			finished(call);
		}
	}

	private void dispatch(InboundRequest call, boolean onHandlerThread) {
		if (call.isAnswered()) {
			finished(call);
			return;
		}
		CompletionStage<?> stage;
		if (onHandlerThread) {
			call.handlingStarted();
			CURRENT.set(call);
		}
		try {
			stage = this.handler.handleRequest(call);
		}
		catch (Throwable ex) {
			stage = CompletableFuture.failedFuture(ex);
		}
		finally {
			if (onHandlerThread) {
				CURRENT.remove();
				call.handlingEnded();
			}
		}
		if (stage == null) {
			complete(call, null, null);
			return;
		}
		stage.whenComplete((result, failure) -> complete(call, result, failure));
	}

	private void complete(InboundRequest call, Object result, Throwable failure) {
		if (!call.isAnswered()) {
			byte[] frame = (failure != null) ? encodeError(call, toError(call, failure)) : encodeResult(call, result);
			if (call.markAnswered()) {
				send(frame);
			}
		}
		removeInbound(call);
		finished(call);
	}

	private byte[] encodeError(InboundRequest call, JsonRpcError error) {
		try {
			return this.codec.encodeError(call.id(), error);
		}
		catch (RuntimeException ex) {
			logger.error("Could not write the error answer of '" + call.method() + "'", ex);
			return this.codec.encodeError(call.id(), JsonRpcError.internalError());
		}
	}

	private void finished(InboundRequest call) {
		call.finished();
		this.cancelledRunning.remove(call);
		this.order.finished(call, this::start);
	}

	private byte[] encodeResult(InboundRequest call, Object result) {
		try {
			return this.codec.encodeResult(call.id(), (result != null) ? result : EMPTY_RESULT);
		}
		catch (RuntimeException ex) {
			logger.error("Could not write the result of '" + call.method() + "'", ex);
			return this.codec.encodeError(call.id(), JsonRpcError.internalError());
		}
	}

	private JsonRpcError toError(InboundRequest call, Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		if (cause instanceof JsonRpcException ex) {
			return ex.getError();
		}
		if (JsonRpcConnectionClosedException.isCause(cause)) {
			return JsonRpcError.requestCancelled();
		}
		logger.error("Handler of '" + call.method() + "' failed", cause);
		return JsonRpcError.internalError();
	}

	void answeredAdmitted() {
		this.unanswered.decrementAndGet();
	}

	private void removeInbound(InboundRequest call) {
		this.inbound.remove(call.key(), call);
		if (this.closed) {
			synchronized (this.drainMonitor) {
				this.drainMonitor.notifyAll();
			}
		}
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

	private void cancelInbound(JsonNode params) {
		JsonNode requestId = (params != null && params.isObject()) ? params.get("requestId") : null;
		InboundRequest call = (requestId != null && (requestId.isString() || requestId.isNumber()))
				? this.inbound.get(key(requestId)) : null;
		if (call == null) {
			logger.debug("Ignoring cancellation of a request that is not in flight");
			return;
		}
		this.statistics.cancelled();
		cancel(call);
	}

	private void cancel(InboundRequest call) {
		if (call.cancel()) {
			send(this.codec.encodeError(call.id(), JsonRpcError.requestCancelled()));
		}
		removeInbound(call);
		if (call.startedNanos() != 0 && call.orderKey() != null) {
			this.cancelledRunning.add(call);
			if (call.isFinished()) {
				this.cancelledRunning.remove(call);
			}
		}
		this.order.abandoned(call);
	}

	/**
	 * Answer the requests whose handler has run longer than {@code timeout} with an
	 * internal error, tell their handlers they are cancelled (their thread is
	 * interrupted), and let the requests queued behind them start; so too behind a
	 * cancelled request whose handler has not returned within {@code timeout}.
	 * @param timeout the longest a handler may run
	 * @return how many requests expired
	 */
	public int expireRequests(Duration timeout) {
		long now = System.nanoTime();
		int expired = 0;
		for (InboundRequest call : this.inbound.values()) {
			long started = call.startedNanos();
			if (started != 0 && now - started > timeout.toNanos() && call.markAnswered()) {
				logger.warn("Handler of '" + call.method() + "' did not answer within " + timeout);
				send(this.codec.encodeError(call.id(), new JsonRpcError(JsonRpcError.INTERNAL_ERROR, "Internal error",
						"The request did not complete within " + timeout)));
				call.signalCancellation();
				removeInbound(call);
				finished(call);
				expired++;
			}
		}
		for (InboundRequest call : this.cancelledRunning) {
			if (now - call.startedNanos() > timeout.toNanos()) {
				logger.warn("Handler of cancelled '" + call.method() + "' did not return within " + timeout
						+ ": the requests behind it start");
				finished(call);
			}
		}
		return expired;
	}

	/**
	 * Signal cancellation to the handlers of every request of an order key not finished
	 * yet, running or waiting, without answering them (see
	 * {@link InboundRequest#signalCancellation()}).
	 * @param orderKey the key
	 * @return how many requests were told
	 */
	public int signalCancellation(String orderKey) {
		List<InboundRequest> calls = this.order.withKey(orderKey);
		for (InboundRequest call : calls) {
			call.signalCancellation();
		}
		return calls.size();
	}

	private void receiveResponse(JsonRpcResponse response) {
		JsonNode responseId = response.id();
		CompletableFuture<JsonNode> future = (responseId.isIntegralNumber() && responseId.canConvertToLong())
				? this.outbound.remove(responseId.longValue()) : null;
		if (future == null) {
			if (logger.isDebugEnabled()) {
				logger.debug("Ignoring a response to no request in flight: id " + responseId);
			}
			return;
		}
		Runnable completion = (response.error() != null)
				? () -> future.completeExceptionally(new JsonRpcException(response.error()))
				: () -> future.complete(response.result());
		try {
			this.controlExecutor.execute(completion);
		}
		catch (RejectedExecutionException ex) {
			completion.run();
		}
	}

	private void answerError(JsonNode id, JsonRpcError error) {
		send(this.codec.encodeError(id, error));
	}

	private void send(byte[] frame) {
		InboundRequest current = CURRENT.get();
		if (current == null) {
			this.sink.send(frame);
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
	 * error, or {@link TimeoutException} if it did not answer in time
	 */
	public CompletableFuture<JsonNode> request(String method, Object params) {
		return request(method, params, this.outboundTimeout);
	}

	/**
	 * Send a request to the peer. When the answer does not come in time, or the caller
	 * cancels the returned future (abandons the call), the peer is sent a
	 * {@code $/cancel_request} for it, so that it can stop its work (close a dialog).
	 * @param method the method
	 * @param params the params (any Jackson-writable value) or {@code null}
	 * @param timeout how long to wait for the answer
	 * @return the result, failing with {@link JsonRpcException} if the peer answered an
	 * error, or {@link TimeoutException} if it did not answer in time
	 */
	public CompletableFuture<JsonNode> request(String method, Object params, Duration timeout) {
		if (this.ended || this.peerGone) {
			return CompletableFuture.failedFuture(connectionClosed());
		}
		long requestId = this.nextOutboundId.getAndIncrement();
		byte[] frame = this.codec.encodeRequest(requestId, method, params);
		CompletableFuture<JsonNode> future = new CompletableFuture<>();
		this.outbound.put(requestId, future);
		future.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).whenComplete((result, failure) -> {
			if (this.outbound.remove(requestId, future) && !this.ended && !this.peerGone
					&& (failure instanceof TimeoutException || failure instanceof CancellationException)) {
				notify(CANCEL_REQUEST_METHOD, Map.of("requestId", requestId));
			}
		});
		if (this.ended || this.peerGone) {
			future.completeExceptionally(connectionClosed());
			return future;
		}
		send(frame);
		return future;
	}

	/**
	 * Send a notification to the peer.
	 * @param method the method
	 * @param params the params (any Jackson-writable value) or {@code null}
	 */
	public void notify(String method, Object params) {
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
		synchronized (this.admission) {
			if (this.closed) {
				return this.inbound.isEmpty();
			}
			this.closed = true;
		}
		boolean drained = awaitInbound(drain);
		for (InboundRequest call : List.copyOf(this.inbound.values())) {
			cancel(call);
		}
		this.ended = true;
		failOutbound();
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
		this.peerGone = true;
		failOutbound();
	}

	private void failOutbound() {
		for (Long requestId : List.copyOf(this.outbound.keySet())) {
			CompletableFuture<JsonNode> future = this.outbound.remove(requestId);
			if (future != null) {
				future.completeExceptionally(connectionClosed());
			}
		}
	}

	private static IllegalStateException connectionClosed() {
		return new JsonRpcConnectionClosedException();
	}

	private boolean awaitInbound(Duration drain) {
		long deadline = System.nanoTime() + drain.toNanos();
		synchronized (this.drainMonitor) {
			while (!this.inbound.isEmpty()) {
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0) {
					return false;
				}
				try {
					TimeUnit.NANOSECONDS.timedWait(this.drainMonitor, remaining);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			}
		}
		return true;
	}

	private static String key(JsonNode id) {
		return id.isString() ? "s:" + id.stringValue() : "n:" + id.asString();
	}

}

package dev.acp.spring.jsonrpc;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The life of a connection's inbound requests once admitted: each handler runs when
 * {@link InboundOrder} lets it, each request is answered exactly once (by its handler, a
 * cancellation, or a time limit), and a handler that outlives its answer holds its order
 * key no longer than the limits allow.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class InboundCalls {

	private static final Log logger = LogFactory.getLog(InboundCalls.class);

	private static final Object EMPTY_RESULT = Map.of();

	private static final ThreadLocal<InboundRequest> CURRENT = new ThreadLocal<>();

	private final JsonRpcCodec codec;

	private final JsonRpcHandler handler;

	private final Executor executor;

	private final InboundAdmission admission;

	private final InboundOrder order;

	private final JsonRpcStatistics statistics;

	private final Consumer<byte[]> sender;

	/**
	 * Requests answered while their handler still runs: they hold their order key until
	 * the handler returns, or until a time limit gives up on it.
	 */
	private final Set<InboundRequest> answeredRunning = ConcurrentHashMap.newKeySet();

	private final Set<InboundRequest> acknowledged = ConcurrentHashMap.newKeySet();

	private final Object threads = new Object();

	private final ArrayDeque<InboundRequest> waitingForThread = new ArrayDeque<>();

	private int threadsHeld;

	private volatile int maxThreads = Integer.MAX_VALUE;

	private volatile Semaphore waitingPermits = new Semaphore(0);

	InboundCalls(JsonRpcCodec codec, JsonRpcHandler handler, Executor executor, InboundAdmission admission,
			InboundOrder order, JsonRpcStatistics statistics, Consumer<byte[]> sender) {
		this.codec = codec;
		this.handler = handler;
		this.executor = executor;
		this.admission = admission;
		this.order = order;
		this.statistics = statistics;
		this.sender = sender;
	}

	/**
	 * The request whose handler runs on the current thread.
	 * @return the request, or {@code null}
	 */
	static @Nullable InboundRequest current() {
		return CURRENT.get();
	}

	/**
	 * Run an admitted request once every message ahead of it allows.
	 * @param call the request
	 */
	void admitted(InboundRequest call) {
		this.order.request(call, this::start);
	}

	/**
	 * Bound the handler threads this connection holds at once; past it its requests wait
	 * in its own queue, in arrival order, so that they take no thread nor queue slot of
	 * the shared pool from other connections.
	 * @param maxThreads the bound
	 * @param waitingPermits the places, shared by the connections, of requests waiting in
	 * their connection's own queue; without one a request is answered busy
	 */
	void setMaxThreads(int maxThreads, Semaphore waitingPermits) {
		this.maxThreads = (maxThreads > 0) ? maxThreads : Integer.MAX_VALUE;
		this.waitingPermits = waitingPermits;
	}

	private void start(InboundRequest call) {
		if (this.handler.isDispatchedInline(call.method())) {
			dispatch(call, false);
			return;
		}
		boolean run;
		synchronized (this.threads) {
			run = this.threadsHeld < this.maxThreads;
			if (run) {
				this.threadsHeld++;
			}
			else if (this.waitingPermits.tryAcquire()) {
				this.waitingForThread.add(call);
				return;
			}
		}
		if (!run) {
			refuseBusy(call);
		}
		else if (!submit(call)) {
			refuseBusy(call);
			threadReleased();
		}
	}

	private boolean submit(InboundRequest call) {
		try {
			this.executor.execute(() -> runOnHandlerThread(call));
			return true;
		}
		catch (RejectedExecutionException ex) {
			return false;
		}
	}

	private void runOnHandlerThread(InboundRequest call) {
		try {
			dispatch(call, true);
		}
		finally {
			threadReleased();
		}
	}

	/**
	 * A thread of this connection's share is free: pass it on to the request waiting
	 * longest, if any.
	 */
	private void threadReleased() {
		while (true) {
			InboundRequest next;
			synchronized (this.threads) {
				next = this.waitingForThread.poll();
				if (next == null) {
					this.threadsHeld--;
					return;
				}
			}
			this.waitingPermits.release();
			if (submit(next)) {
				return;
			}
			refuseBusy(next);
		}
	}

	private void refuseBusy(InboundRequest call) {
		this.statistics.busy();
		answer(call, () -> this.codec.encodeError(call.id(), JsonRpcError.serverBusy()));
		call.handlerDone();
		finished(call);
	}

	private void dispatch(InboundRequest call, boolean onHandlerThread) {
		if (call.isAnswered()) {
			call.handlerDone();
			finished(call);
			return;
		}
		call.started();
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
			call.handlerDone();
		}
		if (stage == null) {
			complete(call, null, null);
			return;
		}
		stage.whenComplete((result, failure) -> complete(call, result, failure));
	}

	private void complete(InboundRequest call, @Nullable Object result, @Nullable Throwable failure) {
		try {
			if (!call.isAnswered()) {
				answer(call, () -> (failure != null) ? encodeError(call, toError(call, failure))
						: encodeResult(call, result));
			}
		}
		finally {
			finished(call);
		}
	}

	/**
	 * Answer a request unless it was answered already: mark it answered (its id is free
	 * from then on), encode and write the answer.
	 * @param call the request
	 * @param answer encodes the answer
	 * @return whether this call answered it
	 */
	private boolean answer(InboundRequest call, Supplier<byte[]> answer) {
		if (call.isAnswered()) {
			return false;
		}
		byte[] frame = answer.get();
		if (!call.markAnswered()) {
			return false;
		}
		try {
			this.sender.accept(frame);
		}
		finally {
			this.admission.written();
		}
		return true;
	}

	/**
	 * Answer a request while its handler goes on (see
	 * {@link InboundRequest#acknowledge(Object)}).
	 * @param call the request
	 * @param result the answer
	 * @return whether this call answered it
	 */
	boolean acknowledge(InboundRequest call, Object result) {
		call.markAcknowledged();
		if (!answer(call, () -> encodeResult(call, result))) {
			return false;
		}
		this.acknowledged.add(call);
		if (call.isFinished()) {
			this.acknowledged.remove(call);
		}
		return true;
	}

	/**
	 * The connection closes: tell the handlers of acknowledged requests that still run.
	 */
	void cancelAcknowledged() {
		for (InboundRequest call : this.acknowledged) {
			call.signalCancellation();
		}
	}

	private byte[] encodeResult(InboundRequest call, @Nullable Object result) {
		try {
			return this.codec.encodeResult(call.id(), (result != null) ? result : EMPTY_RESULT);
		}
		catch (Throwable ex) {
			logger.error("Could not write the result of '" + call.method() + "'", ex);
			return this.codec.encodeError(call.id(), JsonRpcError.internalError());
		}
	}

	private byte[] encodeError(InboundRequest call, JsonRpcError error) {
		try {
			return this.codec.encodeError(call.id(), error);
		}
		catch (Throwable ex) {
			logger.error("Could not write the error answer of '" + call.method() + "'", ex);
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

	private void finished(InboundRequest call) {
		call.finished();
		this.answeredRunning.remove(call);
		this.acknowledged.remove(call);
		this.order.finished(call, this::start);
	}

	/**
	 * Answer a request -32800 and signal its handler (the peer cancelled it, or the
	 * connection closes); a handler still running keeps its order key until it returns,
	 * or the grace period ends.
	 * @param call the request
	 * @param error the answer
	 */
	void cancel(InboundRequest call, JsonRpcError error) {
		if (answer(call, () -> this.codec.encodeError(call.id(), error))) {
			call.signalCancellation();
		}
		holdWhileRunning(call);
		this.order.abandoned(call);
	}

	private void holdWhileRunning(InboundRequest call) {
		if (call.startedNanos() != 0 && call.orderKey() != null) {
			this.answeredRunning.add(call);
			if (call.isFinished()) {
				this.answeredRunning.remove(call);
			}
		}
	}

	/**
	 * Apply the time limits: a request whose handler has run longer than {@code timeout}
	 * is answered -32603 and given up on; one past its own limit
	 * ({@link InboundRequest#cancelAfter(Duration)}) is answered -32800 and signalled;
	 * one signalled longer than {@code gracePeriod} ago whose handler has not answered is
	 * answered as its handler would answer a cancellation and given up on; and an
	 * answered request whose handler still runs past either limit releases its order key.
	 * @param timeout the longest a handler may run
	 * @param gracePeriod the longest a cancelled handler may take to return
	 * @return how many requests were answered here
	 */
	int expire(Duration timeout, Duration gracePeriod) {
		long now = System.nanoTime();
		int expired = 0;
		for (InboundRequest call : this.admission.snapshot()) {
			long started = call.startedNanos();
			if (started == 0) {
				continue;
			}
			if (now - started > timeout.toNanos()) {
				if (answer(call, () -> this.codec.encodeError(call.id(), timedOut(call, timeout)))) {
					logger.warn("Handler of '" + call.method() + "' did not answer within " + timeout);
					call.signalCancellation();
					giveUp(call);
					expired++;
				}
			}
			else if (call.cancelledNanos() != 0 && now - call.cancelledNanos() > gracePeriod.toNanos()) {
				if (answer(call, () -> cancelledAnswer(call))) {
					logger.warn("Handler of cancelled '" + call.method() + "' did not return within " + gracePeriod
							+ ": it was answered for and what it still sends is dropped");
					giveUp(call);
					expired++;
				}
			}
			else if (call.deadlineNanos() != 0 && now - call.deadlineNanos() > 0) {
				if (answer(call,
						() -> this.codec.encodeError(call.id(), new JsonRpcError(JsonRpcError.REQUEST_CANCELLED,
								"Request cancelled", "The request did not complete within its time limit")))) {
					call.signalCancellation();
					holdWhileRunning(call);
					expired++;
				}
			}
		}
		for (InboundRequest call : this.acknowledged) {
			expireAcknowledged(call, now, timeout, gracePeriod);
		}
		for (InboundRequest call : this.answeredRunning) {
			long since = (call.cancelledNanos() != 0) ? call.cancelledNanos() : call.startedNanos();
			if (now - since > gracePeriod.toNanos() || now - call.startedNanos() > timeout.toNanos()) {
				logger.warn("Handler of cancelled '" + call.method() + "' did not return within " + gracePeriod
						+ ": the requests behind it start, and what it still sends is dropped");
				giveUp(call);
			}
		}
		return expired;
	}

	/**
	 * The time limits of an acknowledged request, whose answer is out: past the timeout
	 * or its own limit its handler is signalled; signalled longer than the grace period
	 * ago, it is given up on.
	 */
	private void expireAcknowledged(InboundRequest call, long now, Duration timeout, Duration gracePeriod) {
		long cancelled = call.cancelledNanos();
		if (cancelled != 0) {
			if (now - cancelled > gracePeriod.toNanos()) {
				logger.warn("Handler of cancelled '" + call.method() + "' did not return within " + gracePeriod
						+ ": the requests behind it start, and what it still sends is dropped");
				giveUp(call);
			}
		}
		else if (now - call.startedNanos() > timeout.toNanos()
				|| call.deadlineNanos() != 0 && now - call.deadlineNanos() > 0) {
			call.signalCancellation();
		}
	}

	private void giveUp(InboundRequest call) {
		call.giveUp();
		finished(call);
		try {
			this.handler.givenUp(call);
		}
		catch (RuntimeException ex) {
			logger.warn("The give-up callback of '" + call.method() + "' failed", ex);
		}
	}

	private byte[] cancelledAnswer(InboundRequest call) {
		Object result;
		try {
			result = this.handler.cancelledResult(call);
		}
		catch (RuntimeException ex) {
			logger.error("The answer of cancelled '" + call.method() + "' failed", ex);
			result = null;
		}
		return (result != null) ? encodeResult(call, result)
				: this.codec.encodeError(call.id(), JsonRpcError.requestCancelled());
	}

	private static JsonRpcError timedOut(InboundRequest call, Duration timeout) {
		return new JsonRpcError(JsonRpcError.INTERNAL_ERROR, "Internal error",
				"The request did not complete within " + timeout);
	}

	/**
	 * Signal cancellation to the handler of the request of an order key that runs, and
	 * answer -32800 those waiting behind it.
	 * @param orderKey the key
	 * @return how many requests were cancelled
	 */
	int cancelWithWaiting(String orderKey) {
		List<InboundRequest> calls = this.order.withKey(orderKey);
		List<InboundRequest> marked = mark(calls);
		List<InboundRequest> running = new ArrayList<>(1);
		for (InboundRequest call : calls) {
			if (call.startedNanos() != 0) {
				running.add(call);
			}
			else {
				// answered before the running one is told: its end starts the next
				answer(call, () -> this.codec.encodeError(call.id(), JsonRpcError.requestCancelled()));
				this.order.abandoned(call);
			}
		}
		for (InboundRequest call : running) {
			if (marked.contains(call)) {
				call.tellCancelled();
			}
		}
		return calls.size();
	}

	/**
	 * Signal cancellation to the handlers of every request of an order key not finished
	 * yet, running or waiting, without answering them.
	 * @param orderKey the key
	 * @return how many requests were told
	 */
	int signalCancellation(String orderKey) {
		List<InboundRequest> calls = this.order.withKey(orderKey);
		for (InboundRequest call : mark(calls)) {
			call.tellCancelled();
		}
		return calls.size();
	}

	/**
	 * Mark requests of one order key cancelled, from the last to the first, before any
	 * handler is told: a request that ends on its cancellation starts the next one of its
	 * key, which must already be marked.
	 * @param calls the requests of the key, running first
	 * @return the requests this call marked, the last first
	 */
	private static List<InboundRequest> mark(List<InboundRequest> calls) {
		List<InboundRequest> marked = new ArrayList<>(calls.size());
		for (int i = calls.size() - 1; i >= 0; i--) {
			if (calls.get(i).markCancelled()) {
				marked.add(calls.get(i));
			}
		}
		return marked;
	}

}

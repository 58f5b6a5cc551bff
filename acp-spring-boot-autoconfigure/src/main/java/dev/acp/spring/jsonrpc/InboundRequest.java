package dev.acp.spring.jsonrpc;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An inbound request being served: what was asked, whether it was cancelled, and the
 * thread running its handler (interrupted on cancellation, never while it writes a
 * frame).
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class InboundRequest {

	private static final Log logger = LogFactory.getLog(InboundRequest.class);

	private final JsonRpcConnection connection;

	private final InboundAdmission admission;

	private final JsonNode id;

	private final String method;

	private final @Nullable JsonNode params;

	private final String key;

	private final @Nullable String orderKey;

	private final AtomicBoolean answered = new AtomicBoolean();

	private final AtomicBoolean handlerDone = new AtomicBoolean();

	private final AtomicBoolean released = new AtomicBoolean();

	private final AtomicBoolean dropped = new AtomicBoolean();

	private volatile boolean admitted;

	private volatile boolean givenUp;

	private volatile long cancelledNanos;

	private volatile long deadlineNanos;

	private final List<Runnable> cancelCallbacks = new CopyOnWriteArrayList<>();

	private final Object runnerLock = new Object();

	private volatile boolean cancelled;

	private boolean ordered;

	private @Nullable Thread runner;

	private volatile long startedNanos;

	private volatile boolean finished;

	private volatile boolean acknowledged;

	private boolean writing;

	private boolean interruptPending;

	InboundRequest(JsonRpcConnection connection, InboundAdmission admission, JsonRpcRequest request, String key,
			@Nullable String orderKey) {
		this.connection = connection;
		this.admission = admission;
		this.id = request.id();
		this.method = request.method();
		this.params = request.params();
		this.key = key;
		this.orderKey = orderKey;
	}

	/**
	 * The key of the request among those in flight on its connection.
	 * @return the key
	 */
	String key() {
		return this.key;
	}

	/**
	 * The key of the requests this one runs one at a time with, in arrival order.
	 * @return the key, or {@code null}
	 */
	@Nullable String orderKey() {
		return this.orderKey;
	}

	/**
	 * Whether every notification received before this request has been handled, so that
	 * it may start once it is first among the requests of its order key.
	 * @return whether ordered
	 */
	boolean isOrdered() {
		return this.ordered;
	}

	void ordered() {
		this.ordered = true;
	}

	public JsonRpcConnection connection() {
		return this.connection;
	}

	/**
	 * The request id exactly as received.
	 * @return the id node
	 */
	public JsonNode id() {
		return this.id;
	}

	public String method() {
		return this.method;
	}

	/**
	 * The params as received.
	 * @return the params or {@code null} when absent
	 */
	public @Nullable JsonNode params() {
		return this.params;
	}

	/**
	 * Whether the request was cancelled: by the peer ({@code $/cancel_request}, then it
	 * was answered -32800 already), by shutdown, or by a protocol rule above JSON-RPC
	 * (see {@link #signalCancellation()}).
	 * @return whether cancelled
	 */
	public boolean isCancelled() {
		return this.cancelled;
	}

	/**
	 * Whether the request has been answered.
	 * @return whether answered
	 */
	public boolean isAnswered() {
		return this.answered.get();
	}

	/**
	 * Run a callback when the request is cancelled (at once if it already was). A
	 * callback that throws is logged and does not keep the others from running.
	 * @param callback the callback
	 */
	public void onCancel(Runnable callback) {
		this.cancelCallbacks.add(callback);
		if (this.cancelled && this.cancelCallbacks.remove(callback)) {
			runCallback(callback);
		}
	}

	/**
	 * Forget a callback given to {@link #onCancel(Runnable)} that is no longer needed.
	 * @param callback the callback
	 */
	void removeCancelCallback(Runnable callback) {
		this.cancelCallbacks.remove(callback);
	}

	/**
	 * Tell the handler that its request is cancelled, without answering it: the flag is
	 * set, the callbacks run, and the thread running the handler is interrupted. The
	 * handler's answer still goes out (a protocol may define what a cancelled request
	 * answers, as ACP does for {@code session/prompt}).
	 */
	public void signalCancellation() {
		if (markCancelled()) {
			tellCancelled();
		}
	}

	/**
	 * Set the cancelled flag, the first step of {@link #signalCancellation()}: a request
	 * of an order key is marked before any handler of that key is told, so that a handler
	 * returning on its interrupt cannot start the next request before it is marked too.
	 * @return whether this call set it
	 */
	boolean markCancelled() {
		synchronized (this.runnerLock) {
			if (this.cancelled) {
				return false;
			}
			this.cancelledNanos = Math.max(System.nanoTime(), 1);
			this.cancelled = true;
			return true;
		}
	}

	/**
	 * Run the cancellation callbacks and interrupt the handler's thread, the second step
	 * of {@link #signalCancellation()}.
	 */
	void tellCancelled() {
		for (Runnable callback : this.cancelCallbacks) {
			if (this.cancelCallbacks.remove(callback)) {
				runCallback(callback);
			}
		}
		interruptRunner();
	}

	private void interruptRunner() {
		synchronized (this.runnerLock) {
			if (this.runner != null) {
				if (this.writing) {
					this.interruptPending = true;
				}
				else {
					this.runner.interrupt();
				}
			}
		}
	}

	/**
	 * Answer this request now while its handler goes on, for a protocol whose request is
	 * acknowledged before its work ends (an ACP v2 prompt turn is answered once the
	 * prompt is inserted). The requests of its order key behind it wait until the handler
	 * returns; its time limits and the connection's close still signal the handler; what
	 * the handler returns is not sent.
	 * @param result the answer
	 * @return whether this call answered the request ({@code false} when it was answered
	 * already, cancelled by the peer, say)
	 */
	public boolean acknowledge(Object result) {
		return this.connection.acknowledge(this, result);
	}

	/**
	 * Whether the request was answered by {@link #acknowledge(Object)}.
	 * @return whether acknowledged
	 */
	public boolean isAcknowledged() {
		return this.acknowledged;
	}

	void markAcknowledged() {
		this.acknowledged = true;
	}

	/**
	 * Answer this request -32800 and signal its handler when it is still running after
	 * {@code limit}, counted from now; for a whole prompt turn, say. The handler then has
	 * the connection's grace period to return before it is given up on.
	 * @param limit the longest the request may run from now
	 */
	public void cancelAfter(Duration limit) {
		this.deadlineNanos = Math.max(System.nanoTime() + limit.toNanos(), 1);
	}

	/**
	 * When {@link #cancelAfter(Duration)} cancels this request, from
	 * {@link System#nanoTime()}.
	 * @return the time, or {@code 0} without such a limit
	 */
	long deadlineNanos() {
		return this.deadlineNanos;
	}

	/**
	 * When its cancellation was signalled, from {@link System#nanoTime()}.
	 * @return the time, or {@code 0} when not cancelled
	 */
	long cancelledNanos() {
		return this.cancelledNanos;
	}

	/**
	 * Whether the connection gave up on the handler (it ran past a time limit): it is
	 * answered, its order key released, and anything it still sends is dropped.
	 * @return whether given up on
	 */
	boolean isGivenUp() {
		return this.givenUp;
	}

	/**
	 * Whether this is the first message of a given-up handler to be dropped (logged at
	 * warn once, so that a handler streaming updates does not flood the log).
	 * @return whether first
	 */
	boolean firstDrop() {
		return this.dropped.compareAndSet(false, true);
	}

	/**
	 * Give up on the handler: what it still sends is dropped, and its thread is
	 * interrupted again.
	 */
	void giveUp() {
		this.givenUp = true;
		interruptRunner();
	}

	private void runCallback(Runnable callback) {
		try {
			callback.run();
		}
		catch (RuntimeException ex) {
			logger.warn("A cancellation callback of '" + this.method + "' failed", ex);
		}
	}

	/**
	 * The connection admitted the request: it counts against the connection's bound until
	 * it is answered and its handler returned (a cancelled handler that ignores the
	 * cancellation still holds its thread).
	 */
	void admitted() {
		this.admitted = true;
	}

	/**
	 * Mark the request answered, before its answer is written: from then on its id is
	 * free for the peer to use again.
	 * @return whether this call marked it (the caller then sends the one answer)
	 */
	boolean markAnswered() {
		if (!this.answered.compareAndSet(false, true)) {
			return false;
		}
		this.admission.answered(this);
		releaseIfDone();
		return true;
	}

	/**
	 * The handler returned, or will never run: the request no longer holds a thread of
	 * its connection's share once it is answered too.
	 */
	void handlerDone() {
		if (this.handlerDone.compareAndSet(false, true)) {
			releaseIfDone();
		}
	}

	private void releaseIfDone() {
		if (this.admitted && this.answered.get() && this.handlerDone.get()
				&& this.released.compareAndSet(false, true)) {
			this.admission.released(this);
		}
	}

	/**
	 * The request ended: answered and its handler returned, or given up on.
	 */
	void finished() {
		this.finished = true;
	}

	boolean isFinished() {
		return this.finished;
	}

	/**
	 * When its handler started, from {@link System#nanoTime()}.
	 * @return the time, or {@code 0} before it started
	 */
	long startedNanos() {
		return this.startedNanos;
	}

	/**
	 * Its handler is called now (on any thread): the request timeout counts from here.
	 */
	void started() {
		this.startedNanos = Math.max(System.nanoTime(), 1);
	}

	/**
	 * Its handler runs on the current thread, which a cancellation interrupts (never the
	 * reading thread).
	 */
	void handlingStarted() {
		synchronized (this.runnerLock) {
			this.runner = Thread.currentThread();
			if (this.cancelled) {
				this.runner.interrupt();
			}
		}
	}

	void handlingEnded() {
		synchronized (this.runnerLock) {
			this.runner = null;
			this.interruptPending = false;
		}
		Thread.interrupted();
	}

	/**
	 * Called by the handler's own thread before it writes a frame: an interrupt would
	 * break an interruptible transport, so it is held back until the write ends.
	 */
	void writeStarted() {
		synchronized (this.runnerLock) {
			if (this.runner == Thread.currentThread()) {
				this.writing = true;
				if (Thread.interrupted()) {
					this.interruptPending = true;
				}
			}
		}
	}

	void writeEnded() {
		synchronized (this.runnerLock) {
			if (this.runner == Thread.currentThread() && this.writing) {
				this.writing = false;
				if (this.interruptPending) {
					this.interruptPending = false;
					Thread.currentThread().interrupt();
				}
			}
		}
	}

}

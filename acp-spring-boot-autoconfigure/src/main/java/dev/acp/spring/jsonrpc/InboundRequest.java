package dev.acp.spring.jsonrpc;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
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

	private final JsonNode id;

	private final String method;

	private final JsonNode params;

	private final String key;

	private final String orderKey;

	private final AtomicBoolean answered = new AtomicBoolean();

	private volatile boolean admitted;

	private final List<Runnable> cancelCallbacks = new CopyOnWriteArrayList<>();

	private final Object runnerLock = new Object();

	private volatile boolean cancelled;

	private boolean ordered;

	private Thread runner;

	private volatile long startedNanos;

	private volatile boolean finished;

	private boolean writing;

	private boolean interruptPending;

	InboundRequest(JsonRpcConnection connection, JsonRpcRequest request, String key, String orderKey) {
		this.connection = connection;
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
	String orderKey() {
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
	public JsonNode params() {
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
	 * Tell the handler that its request is cancelled, without answering it: the flag is
	 * set, the callbacks run, and the thread running the handler is interrupted. The
	 * handler's answer still goes out (a protocol may define what a cancelled request
	 * answers, as ACP does for {@code session/prompt}).
	 */
	public void signalCancellation() {
		if (this.cancelled) {
			return;
		}
		this.cancelled = true;
		for (Runnable callback : this.cancelCallbacks) {
			if (this.cancelCallbacks.remove(callback)) {
				runCallback(callback);
			}
		}
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

	private void runCallback(Runnable callback) {
		try {
			callback.run();
		}
		catch (RuntimeException ex) {
			logger.warn("A cancellation callback of '" + this.method + "' failed", ex);
		}
	}

	/**
	 * The connection admitted the request: it counts against the in-flight bound until it
	 * is answered.
	 */
	void admitted() {
		this.admitted = true;
	}

	boolean markAnswered() {
		if (!this.answered.compareAndSet(false, true)) {
			return false;
		}
		if (this.admitted) {
			this.connection.answeredAdmitted();
		}
		return true;
	}

	/**
	 * Answer the request as cancelled (the caller sends -32800) and signal its handler.
	 * @return whether this call answered it
	 */
	boolean cancel() {
		if (!markAnswered()) {
			return false;
		}
		signalCancellation();
		return true;
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

	void handlingStarted() {
		this.startedNanos = Math.max(System.nanoTime(), 1);
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

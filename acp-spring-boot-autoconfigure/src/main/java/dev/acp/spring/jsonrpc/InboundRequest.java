package dev.acp.spring.jsonrpc;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import tools.jackson.databind.JsonNode;

/**
 * An inbound request being served: what was asked, and whether it was cancelled.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class InboundRequest {

	private final JsonRpcConnection connection;

	private final JsonNode id;

	private final String method;

	private final JsonNode params;

	private final String key;

	private final AtomicBoolean answered = new AtomicBoolean();

	private final List<Runnable> cancelCallbacks = new CopyOnWriteArrayList<>();

	private volatile boolean cancelled;

	InboundRequest(JsonRpcConnection connection, JsonRpcRequest request, String key) {
		this.connection = connection;
		this.id = request.id();
		this.method = request.method();
		this.params = request.params();
		this.key = key;
	}

	/**
	 * The key of the request among those in flight on its connection.
	 * @return the key
	 */
	String key() {
		return this.key;
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
	 * Whether the request was cancelled by the peer or by shutdown; its answer has then
	 * been sent already (-32800).
	 * @return whether cancelled
	 */
	public boolean isCancelled() {
		return this.cancelled;
	}

	/**
	 * Run a callback when the request is cancelled (at once if it already was).
	 * @param callback the callback
	 */
	public void onCancel(Runnable callback) {
		this.cancelCallbacks.add(callback);
		if (this.cancelled && this.cancelCallbacks.remove(callback)) {
			callback.run();
		}
	}

	boolean markAnswered() {
		return this.answered.compareAndSet(false, true);
	}

	boolean cancel() {
		if (!markAnswered()) {
			return false;
		}
		this.cancelled = true;
		for (Runnable callback : this.cancelCallbacks) {
			if (this.cancelCallbacks.remove(callback)) {
				callback.run();
			}
		}
		return true;
	}

}

package dev.acp.spring.jsonrpc;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Who runs when on one connection: notifications one at a time in arrival order; no
 * message before every notification received ahead of it has been handled; requests that
 * share an order key one at a time in arrival order; any other requests concurrently.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class InboundOrder {

	private final SerialExecutor notifications;

	private final Map<String, ArrayDeque<InboundRequest>> keyed = new HashMap<>();

	InboundOrder(Executor executor) {
		this.notifications = new SerialExecutor(executor);
	}

	/**
	 * Handle a notification after those received before it. Called by the reading thread.
	 * @param task the handling
	 */
	void notification(Runnable task) {
		this.notifications.execute(task);
	}

	/**
	 * Admit a request that just arrived, and start it once the notifications received
	 * before it have been handled and it is first among the requests of its order key.
	 * Called by the reading thread.
	 * @param call the request
	 * @param starter starts a request
	 */
	void request(InboundRequest call, Consumer<InboundRequest> starter) {
		String key = call.orderKey();
		if (key != null) {
			synchronized (this.keyed) {
				this.keyed.computeIfAbsent(key, (k) -> new ArrayDeque<>()).add(call);
			}
		}
		if (this.notifications.isBusy()) {
			this.notifications.execute(() -> ordered(call, starter));
		}
		else {
			ordered(call, starter);
		}
	}

	private void ordered(InboundRequest call, Consumer<InboundRequest> starter) {
		String key = call.orderKey();
		if (key == null) {
			starter.accept(call);
			return;
		}
		boolean first;
		synchronized (this.keyed) {
			call.ordered();
			ArrayDeque<InboundRequest> queue = this.keyed.get(key);
			first = queue != null && queue.peekFirst() == call;
		}
		if (first) {
			starter.accept(call);
		}
	}

	/**
	 * A request ended (answered and its handler returned): start the next one of its key,
	 * if it is ordered already.
	 * @param call the request
	 * @param starter starts a request
	 */
	void finished(InboundRequest call, Consumer<InboundRequest> starter) {
		String key = call.orderKey();
		if (key == null) {
			return;
		}
		InboundRequest next = null;
		synchronized (this.keyed) {
			ArrayDeque<InboundRequest> queue = this.keyed.get(key);
			if (queue == null || !queue.remove(call)) {
				return;
			}
			if (queue.isEmpty()) {
				this.keyed.remove(key);
			}
			else if (queue.peekFirst().isOrdered()) {
				next = queue.peekFirst();
			}
		}
		if (next != null) {
			starter.accept(next);
		}
	}

	/**
	 * A request was answered before it started: forget it unless it is first of its key
	 * (then it still passes through its start, which sees it answered).
	 * @param call the request
	 */
	void abandoned(InboundRequest call) {
		String key = call.orderKey();
		if (key == null) {
			return;
		}
		synchronized (this.keyed) {
			ArrayDeque<InboundRequest> queue = this.keyed.get(key);
			if (queue != null && queue.peekFirst() != call) {
				queue.remove(call);
			}
		}
	}

	/**
	 * The requests of every order key not finished yet.
	 * @return the count
	 */
	int size() {
		synchronized (this.keyed) {
			int size = 0;
			for (ArrayDeque<InboundRequest> queue : this.keyed.values()) {
				size += queue.size();
			}
			return size;
		}
	}

	/**
	 * The requests of one order key not finished yet, running first.
	 * @param key the key
	 * @return a snapshot
	 */
	List<InboundRequest> withKey(String key) {
		synchronized (this.keyed) {
			ArrayDeque<InboundRequest> queue = this.keyed.get(key);
			return (queue != null) ? List.copyOf(queue) : List.of();
		}
	}

}

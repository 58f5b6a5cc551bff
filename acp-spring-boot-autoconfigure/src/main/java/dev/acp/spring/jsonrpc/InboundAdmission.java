package dev.acp.spring.jsonrpc;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Which requests a connection takes, and how many it holds: none once it closes, none
 * past its bound, none with the id of a request not answered yet. A request counts
 * against the bound until it is answered and its handler returned; its id is free again
 * the moment it is answered; the drain waits until every answer was written.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class InboundAdmission {

	private final JsonRpcStatistics statistics;

	private final Map<String, InboundRequest> unanswered = new ConcurrentHashMap<>();

	private final AtomicInteger held = new AtomicInteger();

	private final Object lock = new Object();

	private int unwritten;

	private boolean closed;

	private volatile int maxInFlight = Integer.MAX_VALUE;

	InboundAdmission(JsonRpcStatistics statistics) {
		this.statistics = statistics;
	}

	void setMaxInFlight(int maxInFlight) {
		this.maxInFlight = (maxInFlight > 0) ? maxInFlight : Integer.MAX_VALUE;
	}

	/**
	 * Admit a request, or say why not.
	 * @param call the request
	 * @return the error to answer it with, or {@code null} when admitted
	 */
	@Nullable JsonRpcError admit(InboundRequest call) {
		synchronized (this.lock) {
			if (this.closed) {
				return JsonRpcError.requestCancelled();
			}
			if (this.held.get() >= this.maxInFlight) {
				this.statistics.busy();
				return JsonRpcError.serverBusy();
			}
			if (this.unanswered.putIfAbsent(call.key(), call) != null) {
				return JsonRpcError.invalidRequest("A request with this id is in flight");
			}
			this.held.incrementAndGet();
			this.unwritten++;
			call.admitted();
			return null;
		}
	}

	/**
	 * The request is answered (its answer about to be written): its id is free.
	 * @param call the request
	 */
	void answered(InboundRequest call) {
		this.unanswered.remove(call.key(), call);
	}

	/**
	 * The answer of an admitted request was written (or could not be).
	 */
	void written() {
		synchronized (this.lock) {
			this.unwritten--;
			if (this.closed && this.unwritten <= 0) {
				this.lock.notifyAll();
			}
		}
	}

	/**
	 * The request is answered and its handler returned: it no longer counts against the
	 * bound.
	 * @param call the request
	 */
	void released(InboundRequest call) {
		this.held.decrementAndGet();
	}

	/**
	 * The request not answered yet with this id.
	 * @param id the id as received
	 * @return the request, or {@code null}
	 */
	@Nullable InboundRequest find(JsonNode id) {
		return this.unanswered.get(key(id));
	}

	int unansweredCount() {
		return this.unanswered.size();
	}

	/**
	 * Admit nothing more.
	 * @return {@code false} if closed already
	 */
	boolean close() {
		synchronized (this.lock) {
			if (this.closed) {
				return false;
			}
			this.closed = true;
			return true;
		}
	}

	boolean isClosed() {
		synchronized (this.lock) {
			return this.closed;
		}
	}

	/**
	 * Wait until every admitted request has its answer written.
	 * @param drain the longest to wait
	 * @return whether they all have
	 */
	boolean awaitWritten(Duration drain) {
		long deadline = System.nanoTime() + drain.toNanos();
		synchronized (this.lock) {
			while (this.unwritten > 0) {
				long remaining = deadline - System.nanoTime();
				if (remaining <= 0) {
					return false;
				}
				try {
					TimeUnit.NANOSECONDS.timedWait(this.lock, remaining);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return false;
				}
			}
			return true;
		}
	}

	/**
	 * A snapshot of the requests not answered yet.
	 * @return the requests
	 */
	List<InboundRequest> snapshot() {
		return List.copyOf(this.unanswered.values());
	}

	static String key(JsonNode id) {
		return id.isString() ? "s:" + id.stringValue() : "n:" + id.asString();
	}

}

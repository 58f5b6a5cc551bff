package dev.acp.spring.jsonrpc;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.LongFunction;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The requests a connection sent to its peer, correlated with the peer's answers by id:
 * each completes once, with the answer, on timeout (the peer is then told with
 * {@code $/cancel_request}), when the caller abandons it, or when the peer can no longer
 * answer.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class OutboundCalls {

	private static final Log logger = LogFactory.getLog(OutboundCalls.class);

	private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

	private final AtomicLong nextId = new AtomicLong();

	private final Executor completions;

	private final Consumer<byte[]> sender;

	private final BiConsumer<String, Object> notifier;

	private final Timeouts timeouts;

	private volatile boolean peerGone;

	/**
	 * Create the outbound calls of a connection, each timed out by
	 * {@link CompletableFuture#orTimeout}.
	 * @param completions completes the callers' futures, off the reading thread
	 * @param sender writes a request frame
	 * @param notifier sends a notification ({@code $/cancel_request})
	 */
	OutboundCalls(Executor completions, Consumer<byte[]> sender, BiConsumer<String, Object> notifier) {
		this(completions, sender, notifier, Timeouts.OR_TIMEOUT);
	}

	/**
	 * Create the outbound calls of a connection.
	 * @param completions completes the callers' futures, off the reading thread
	 * @param sender writes a request frame
	 * @param notifier sends a notification ({@code $/cancel_request})
	 * @param timeouts fails a request with a {@link TimeoutException} when its answer
	 * does not come in time
	 */
	OutboundCalls(Executor completions, Consumer<byte[]> sender, BiConsumer<String, Object> notifier,
			Timeouts timeouts) {
		this.completions = completions;
		this.sender = sender;
		this.notifier = notifier;
		this.timeouts = timeouts;
	}

	/**
	 * Send a request.
	 * @param encoder encodes the request with the id given
	 * @param timeout how long to wait for the answer
	 * @return the answer's result
	 */
	// what settled does after the request completes is its own: it handles its failure
	@SuppressWarnings("FutureReturnValueIgnored")
	CompletableFuture<JsonNode> request(LongFunction<byte[]> encoder, Duration timeout) {
		if (this.peerGone) {
			return CompletableFuture.failedFuture(new JsonRpcConnectionClosedException());
		}
		long requestId = this.nextId.getAndIncrement();
		byte[] frame = encoder.apply(requestId);
		CompletableFuture<JsonNode> future = new CompletableFuture<>();
		this.pending.put(requestId, future);
		this.timeouts.arm(future, timeout);
		future.whenComplete((result, failure) -> settled(requestId, future, failure));
		if (this.peerGone) {
			future.completeExceptionally(new JsonRpcConnectionClosedException());
			return future;
		}
		this.sender.accept(frame);
		return future;
	}

	/**
	 * A request completed: no longer pending; timed out or abandoned by its caller before
	 * its answer took it, the peer is told to stop its work.
	 */
	private void settled(long requestId, CompletableFuture<JsonNode> future, @Nullable Throwable failure) {
		if (this.pending.remove(requestId, future) && !this.peerGone
				&& (failure instanceof TimeoutException || failure instanceof CancellationException)) {
			try {
				this.notifier.accept(JsonRpcConnection.CANCEL_REQUEST_METHOD, Map.of("requestId", requestId));
			}
			catch (RuntimeException ex) {
				logger.warn("Could not send the peer $/cancel_request for request " + requestId, ex);
			}
		}
	}

	/**
	 * Complete the request a response answers, off the calling thread; a response to no
	 * request in flight is ignored.
	 * @param response the response
	 */
	void answered(JsonRpcResponse response) {
		Runnable completion = completion(response);
		if (completion == null) {
			return;
		}
		try {
			this.completions.execute(completion);
		}
		catch (RejectedExecutionException ex) {
			completion.run();
		}
	}

	/**
	 * Complete the request a response answers on the calling thread.
	 * @param response the response
	 */
	void answeredInline(JsonRpcResponse response) {
		Runnable completion = completion(response);
		if (completion != null) {
			completion.run();
		}
	}

	private @Nullable Runnable completion(JsonRpcResponse response) {
		JsonNode responseId = response.id();
		CompletableFuture<JsonNode> future = (responseId.isIntegralNumber() && responseId.canConvertToLong())
				? this.pending.remove(responseId.longValue()) : null;
		if (future == null) {
			if (logger.isDebugEnabled()) {
				logger.debug("Ignoring a response to no request in flight: id " + responseId);
			}
			return null;
		}
		JsonRpcError error = response.error();
		return (error != null) ? () -> future.completeExceptionally(new JsonRpcException(error))
				: () -> future.complete(response.result());
	}

	/**
	 * The number of requests waiting for their answer.
	 * @return the count
	 */
	int pendingCount() {
		return this.pending.size();
	}

	/**
	 * The peer can answer nothing more: fail what waits, and what is sent from now on.
	 */
	void peerGone() {
		this.peerGone = true;
		for (Long requestId : List.copyOf(this.pending.keySet())) {
			CompletableFuture<JsonNode> future = this.pending.remove(requestId);
			if (future != null) {
				future.completeExceptionally(new JsonRpcConnectionClosedException());
			}
		}
	}

	/**
	 * Fails a request with a {@link TimeoutException} when its answer does not come in
	 * time.
	 */
	@FunctionalInterface
	interface Timeouts {

		/** {@link CompletableFuture#orTimeout}, on the JDK's shared timer thread. */
		Timeouts OR_TIMEOUT = (future, timeout) -> future.orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS);

		/**
		 * Fail a request that is not complete after its timeout.
		 * @param future the request
		 * @param timeout how long to wait for its answer
		 */
		void arm(CompletableFuture<?> future, Duration timeout);

	}

}

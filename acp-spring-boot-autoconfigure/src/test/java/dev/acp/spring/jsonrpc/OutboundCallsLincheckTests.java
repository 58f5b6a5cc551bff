package dev.acp.spring.jsonrpc;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import static dev.acp.spring.lincheck.Interleavings.check;
import static dev.acp.spring.lincheck.Interleavings.explore;
import static dev.acp.spring.lincheck.Interleavings.inParallel;

/**
 * Model-checked concurrency of {@link OutboundCalls}: a late answer racing the request's
 * timeout or its caller's cancellation completes the request once; the peer is sent
 * {@code $/cancel_request} only when its answer did not take the request; nothing stays
 * pending. The timeout fires on a thread the test starts, so the model checker schedules
 * it.
 *
 * @author ACP Spring Boot Starter contributors
 */
class OutboundCallsLincheckTests {

	private static final Duration TIMEOUT = Duration.ofMinutes(1);

	@Test
	void aLateAnswerRacingTheTimeoutCompletesTheRequestOnceAndCancelsAtThePeerOnlyWhenItLostUnderAnyInterleaving() {
		explore(50, () -> {
			Outbound outbound = new Outbound();
			CompletableFuture<JsonNode> call = outbound.request();
			inParallel(outbound::answer, outbound::timeOut);
			outbound.checkCompletedOnce(call);
		});
	}

	@Test
	void aLateAnswerRacingTheCallersCancellationCompletesTheRequestOnceAndCancelsAtThePeerOnlyWhenItLostUnderAnyInterleaving() {
		explore(50, () -> {
			Outbound outbound = new Outbound();
			CompletableFuture<JsonNode> call = outbound.request();
			inParallel(outbound::answer, () -> call.cancel(false));
			outbound.checkCompletedOnce(call);
		});
	}

	@Test
	void theTimeoutRacingTheCallersCancellationCancelsAtThePeerOnceUnderAnyInterleaving() {
		explore(50, () -> {
			Outbound outbound = new Outbound();
			CompletableFuture<JsonNode> call = outbound.request();
			inParallel(outbound::timeOut, () -> call.cancel(false));
			check(call.isCompletedExceptionally(), "the request did not fail");
			check(outbound.cancelsSent.get() == 1, "$/cancel_request sent " + outbound.cancelsSent.get() + " times");
			check(outbound.calls.pendingCount() == 0, "the request stays pending");
		});
	}

	/**
	 * One connection's outbound calls with one request in flight: its answer, when it
	 * takes the request, completes it on the answering thread; its timeout fires when the
	 * test says.
	 */
	private static final class Outbound {

		private final AtomicInteger answersTaken = new AtomicInteger();

		private final AtomicInteger cancelsSent = new AtomicInteger();

		private final AtomicReference<CompletableFuture<?>> armed = new AtomicReference<>();

		private final OutboundCalls calls = new OutboundCalls((completion) -> {
			this.answersTaken.incrementAndGet();
			completion.run();
		}, (frame) -> {
		}, (method, params) -> {
			if (JsonRpcConnection.CANCEL_REQUEST_METHOD.equals(method)) {
				this.cancelsSent.incrementAndGet();
			}
		}, (future, timeout) -> this.armed.set(future));

		CompletableFuture<JsonNode> request() {
			// no codec: the model checker cannot restore a mapper's caches
			return this.calls.request((requestId) -> new byte[0], TIMEOUT);
		}

		void answer() {
			this.calls.answered(new JsonRpcResponse(JsonNodeFactory.instance.numberNode(0L),
					JsonNodeFactory.instance.stringNode("allow"), null));
		}

		/**
		 * What {@link CompletableFuture#orTimeout} does on its timer thread.
		 */
		void timeOut() {
			this.armed.get().completeExceptionally(new TimeoutException());
		}

		void checkCompletedOnce(CompletableFuture<JsonNode> call) {
			check(call.isDone(), "the request is not complete");
			int taken = this.answersTaken.get();
			int cancels = this.cancelsSent.get();
			check(taken + cancels == 1, "answer took the request " + taken + " times, $/cancel_request sent " + cancels
					+ " times: exactly one of them must happen");
			check(call.isCompletedExceptionally() || taken == 1, "completed with a result no answer gave");
			check(cancels == 0 || call.isCompletedExceptionally(),
					"cancelled at the peer though its answer completed it");
			check(this.calls.pendingCount() == 0, "the request stays pending");
		}

	}

}

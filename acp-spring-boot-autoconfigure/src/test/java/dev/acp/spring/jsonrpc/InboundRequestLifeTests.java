package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.acp.spring.jsonrpc.JsonRpcConnectionTests.TestHandler;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the life of an inbound request on a {@link JsonRpcConnection}: answered
 * exactly once, its id free the moment its answer is sent, its time limits, and what a
 * cancelled handler may still do. Handlers run on the receiving thread, so every answer
 * these tests expect is sent before the call that causes it returns.
 */
@ExtendWith(OutputCaptureExtension.class)
class InboundRequestLifeTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonRpcCodec codec = new JsonRpcCodec(this.mapper);

	private final CapturingSink sink = new CapturingSink(this.mapper);

	private final TestHandler handler = new TestHandler();

	private final JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(this.codec, Runnable::run,
			Duration.ofSeconds(30), (connection) -> this.handler);

	private JsonRpcConnection connection = this.factory.open("test", this.sink);

	private void receive(JsonRpcConnection connection, String json) {
		byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
		connection.receive(bytes, 0, bytes.length);
	}

	private void request(Object id, String method) {
		receive(this.connection, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\"}");
	}

	private void cancelRequest(Object id) {
		receive(this.connection,
				"{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":{\"requestId\":" + id + "}}");
	}

	private static int errorCode(JsonNode answer) {
		return answer.at("/error/code").asInt();
	}

	@Test
	void anIdIsFreeToReuseTheMomentItsAnswerIsSent() {
		List<String> answers = new CopyOnWriteArrayList<>();
		AtomicReference<JsonRpcConnection> opened = new AtomicReference<>();
		// a client that sends its next request, with the same id, the moment it reads an
		// answer: the sink runs on the thread writing the answer
		this.connection = this.factory.open("reuse", (frame) -> {
			answers.add(new String(frame, StandardCharsets.UTF_8));
			if (answers.size() < 3) {
				receive(opened.get(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\"}");
			}
		});
		opened.set(this.connection);
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("done"));
		request(1, "echo");
		assertThat(answers).containsExactly("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"done\"}",
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"done\"}",
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"done\"}");
		assertThat(this.connection.inFlightRequests()).isZero();
	}

	@Test
	void theRequestTimeoutAppliesToNonBlockingHandlers() {
		this.handler.inline.add("hang");
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		request(1, "hang");
		assertThat(this.sink.frames()).isEmpty();
		assertThat(this.connection.expireRequests(Duration.ofDays(1))).isZero();
		assertThat(this.connection.expireRequests(Duration.ZERO)).isOne();
		assertThat(this.sink.responsesTo("1")).singleElement()
			.satisfies((answer) -> assertThat(errorCode(answer)).isEqualTo(JsonRpcError.INTERNAL_ERROR));
		assertThat(this.connection.inFlightRequests()).isZero();
	}

	@Test
	void aCancelledNonBlockingHandlerThatNeverCompletesReleasesItsOrderKeyAtTheTimeLimit() {
		this.handler.orderKeys = (method, params) -> "session";
		this.handler.inline.add("hang");
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
		request(1, "hang");
		cancelRequest(1);
		assertThat(errorCode(this.sink.responsesTo("1").get(0))).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		request(2, "echo");
		assertThat(this.sink.responsesTo("2")).isEmpty();
		this.connection.expireRequests(Duration.ZERO);
		assertThat(this.sink.responsesTo("2")).singleElement()
			.satisfies((answer) -> assertThat(answer.get("result").stringValue()).isEqualTo("echoed"));
		assertThat(this.connection.orderedRequests()).isZero();
	}

	@Test
	void aResultWhoseSerializationThrowsAnErrorIsAnsweredInternalErrorAndLogged(CapturedOutput output) {
		this.handler.onRequest("assert", (request) -> CompletableFuture.completedFuture(new Object() {
			public String getValue() {
				throw new AssertionError("a getter failed");
			}
		}));
		this.handler.onRequest("linkage", (request) -> CompletableFuture.completedFuture(new Object() {
			public String getValue() {
				throw new NoClassDefFoundError("com/example/Missing");
			}
		}));
		request(1, "assert");
		request(2, "linkage");
		assertThat(this.sink.frames()).extracting(InboundRequestLifeTests::errorCode)
			.containsExactly(JsonRpcError.INTERNAL_ERROR, JsonRpcError.INTERNAL_ERROR);
		assertThat(this.sink.rawFrames()).noneMatch((frame) -> frame.contains("getter") || frame.contains("Missing"));
		assertThat(this.connection.inFlightRequests()).isZero();
		assertThat(output.getErr() + output.getOut()).contains("Could not write the result of 'assert'")
			.contains("Could not write the result of 'linkage'");
		assertThat(this.factory.close(this.connection, Duration.ZERO)).isTrue();
	}

	@Test
	void aCancelledTurnWhoseHandlerIgnoresItIsAnsweredAndReleasedAtTheGracePeriod(CapturedOutput output) {
		AtomicReference<InboundRequest> stuck = new AtomicReference<>();
		this.handler.orderKeys = (method, params) -> "session";
		this.handler.inline.add("turn");
		this.handler.onRequest("turn", (request) -> {
			if (stuck.compareAndSet(null, request)) {
				return new CompletableFuture<>();
			}
			return CompletableFuture.completedFuture("second turn");
		});
		request(1, "turn");
		request(2, "turn");
		assertThat(this.connection.signalCancellation("session")).isEqualTo(2);
		assertThat(this.sink.frames()).isEmpty();
		this.connection.expireRequests(Duration.ofDays(1), Duration.ofDays(1));
		assertThat(this.sink.frames()).isEmpty();
		this.connection.expireRequests(Duration.ofDays(1), Duration.ZERO);
		// the first turn is answered as its handler would answer a cancellation, the
		// second (cancelled too before it started) then runs
		assertThat(this.sink.responsesTo("1")).singleElement()
			.satisfies((answer) -> assertThat(errorCode(answer)).isEqualTo(JsonRpcError.REQUEST_CANCELLED));
		assertThat(this.sink.responsesTo("2")).singleElement()
			.satisfies((answer) -> assertThat(answer.get("result").stringValue()).isEqualTo("second turn"));
		assertThat(this.connection.orderedRequests()).isZero();
		assertThat(output.getErr() + output.getOut()).contains("did not return within");
	}

	@Test
	void aHandlerGivenUpOnCannotSendAnythingMore(CapturedOutput output) throws Exception {
		ExecutorService handlerThread = Executors.newSingleThreadExecutor();
		try {
			JsonRpcConnectionFactory threaded = new JsonRpcConnectionFactory(this.codec, handlerThread,
					Duration.ofSeconds(30), (connection) -> this.handler);
			this.connection = threaded.open("threaded", this.sink);
			CountDownLatch running = new CountDownLatch(1);
			CountDownLatch wakeUp = new CountDownLatch(1);
			CompletableFuture<Throwable> lateCall = new CompletableFuture<>();
			this.handler.orderKeys = (method, params) -> "session";
			this.handler.onRequest("turn", (request) -> {
				running.countDown();
				// ignores interrupts, as a handler stuck in a library call might
				awaitUninterruptibly(wakeUp);
				request.connection().notify("session/update", Map.of("late", true));
				request.connection()
					.request("fs/read_text_file", Map.of("late", true))
					.whenComplete((result, failure) -> lateCall.complete(failure));
				return CompletableFuture.completedFuture("late answer");
			});
			request(1, "turn");
			assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
			this.connection.signalCancellation("session");
			this.connection.expireRequests(Duration.ofDays(1), Duration.ZERO);
			assertThat(this.sink.responsesTo("1")).singleElement()
				.satisfies((answer) -> assertThat(errorCode(answer)).isEqualTo(JsonRpcError.REQUEST_CANCELLED));
			wakeUp.countDown();
			assertThat(lateCall.get(10, TimeUnit.SECONDS)).isInstanceOf(CancellationException.class);
			handlerThread.shutdown();
			assertThat(handlerThread.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
			assertThat(this.sink.frames()).hasSize(1);
			assertThat(output.getErr() + output.getOut()).contains("Dropping a message the handler of 'turn' sent");
		}
		finally {
			handlerThread.shutdownNow();
		}
	}

	@Test
	void aCancelledRequestWhoseHandlerStillHoldsItsThreadCountsAgainstTheBound() throws Exception {
		ExecutorService handlerThreads = Executors.newCachedThreadPool();
		CountDownLatch wakeUp = new CountDownLatch(1);
		try {
			JsonRpcConnectionFactory threaded = new JsonRpcConnectionFactory(this.codec, handlerThreads,
					Duration.ofSeconds(30), (connection) -> this.handler);
			this.connection = threaded.open("threaded", this.sink);
			this.connection.setMaxInFlight(1);
			CountDownLatch running = new CountDownLatch(1);
			this.handler.onRequest("stuck", (request) -> {
				running.countDown();
				awaitUninterruptibly(wakeUp);
				return CompletableFuture.completedFuture("late");
			});
			request(1, "stuck");
			assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
			cancelRequest(1);
			assertThat(errorCode(this.sink.responsesTo("1").get(0))).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
			// the cancelled handler still holds its thread: the peer may not start
			// another
			request(2, "stuck");
			assertThat(this.sink.responsesTo("2")).singleElement()
				.satisfies((answer) -> assertThat(errorCode(answer)).isEqualTo(JsonRpcError.SERVER_BUSY));
		}
		finally {
			wakeUp.countDown();
			handlerThreads.shutdownNow();
		}
	}

	@Test
	void aCancelledRequestWhoseHandlerHoldsNoThreadStopsCountingAgainstTheBound() {
		this.connection.setMaxInFlight(1);
		this.handler.onRequest("async", (request) -> new CompletableFuture<>());
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
		request(1, "async");
		cancelRequest(1);
		request(2, "echo");
		assertThat(this.sink.responsesTo("2")).singleElement()
			.satisfies((answer) -> assertThat(answer.get("result").stringValue()).isEqualTo("echoed"));
	}

	private static void awaitUninterruptibly(CountDownLatch latch) {
		boolean interrupted = false;
		while (latch.getCount() > 0) {
			try {
				latch.await();
			}
			catch (InterruptedException ex) {
				interrupted = true;
			}
		}
		if (interrupted) {
			Thread.currentThread().interrupt();
		}
	}

	@Test
	void aTurnThatEndsOnItsCancellationStartsTheNextOnlyOnceThatOneIsCancelledToo() {
		List<Boolean> cancelledAtStart = new CopyOnWriteArrayList<>();
		this.handler.orderKeys = (method, params) -> "session";
		this.handler.onRequest("turn", (request) -> {
			cancelledAtStart.add(request.isCancelled());
			CompletableFuture<Object> answer = new CompletableFuture<>();
			request.onCancel(() -> answer.complete("cancelled"));
			return answer;
		});
		request(1, "turn");
		request(2, "turn");
		// the first turn ends the moment it is told, which starts the second at once
		this.connection.signalCancellation("session");
		assertThat(cancelledAtStart).containsExactly(false, true);
	}

	@Test
	void aRequestPastItsOwnTimeLimitIsAnsweredCancelledAndItsHandlerSignalled() {
		AtomicReference<InboundRequest> limited = new AtomicReference<>();
		this.handler.onRequest("turn", (request) -> {
			request.cancelAfter(Duration.ZERO);
			limited.set(request);
			return new CompletableFuture<>();
		});
		request(1, "turn");
		assertThat(this.sink.frames()).isEmpty();
		assertThat(this.connection.expireRequests(Duration.ofDays(1), Duration.ofDays(1))).isOne();
		assertThat(this.sink.responsesTo("1")).singleElement().satisfies((answer) -> {
			assertThat(errorCode(answer)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
			assertThat(answer.at("/error/data").stringValue()).contains("did not complete within");
		});
		assertThat(limited.get().isCancelled()).isTrue();
	}

}

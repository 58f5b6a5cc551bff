package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import dev.acp.spring.jsonrpc.JsonRpcConnectionTests.TestHandler;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the handler threads of a connection ({@link InboundCalls}): its bound, its
 * own waiting queue, busy refusals, requests answered before their thread runs, the
 * interrupts of a cancelled handler, and acknowledged requests. Handler threads are tasks
 * of a {@link ManualExecutor} the test runs on its own thread, so nothing waits.
 */
class InboundCallsTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonRpcCodec codec = new JsonRpcCodec(this.mapper);

	private final CapturingSink sink = new CapturingSink(this.mapper);

	private final TestHandler handler = new TestHandler();

	private final ManualExecutor threads = new ManualExecutor();

	private final JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(this.codec, this.threads,
			Runnable::run, Duration.ofSeconds(30), (connection) -> this.handler);

	private final JsonRpcConnection connection = this.factory.open("test", this.sink);

	@AfterEach
	void clearInterrupt() {
		Thread.interrupted();
	}

	private void request(Object id, String method) {
		receive("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\"}");
	}

	private void cancelRequest(Object id) {
		receive("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":{\"requestId\":" + id + "}}");
	}

	private void receive(String json) {
		byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
		this.connection.receive(bytes, 0, bytes.length);
	}

	private static int errorCode(JsonNode answer) {
		return answer.at("/error/code").asInt();
	}

	private int answerCode(Object id) {
		List<JsonNode> answers = this.sink.responsesTo(String.valueOf(id));
		assertThat(answers).hasSize(1);
		return errorCode(answers.get(0));
	}

	private String result(Object id) {
		List<JsonNode> answers = this.sink.responsesTo(String.valueOf(id));
		assertThat(answers).hasSize(1);
		return answers.get(0).get("result").stringValue();
	}

	private void echo() {
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
	}

	@Test
	void aRequestPastTheThreadBoundWithNoWaitingPlaceIsAnsweredBusy() {
		echo();
		this.connection.setMaxThreads(1, new Semaphore(0));
		request(1, "echo");
		request(2, "echo");
		assertThat(this.threads.size()).isOne();
		assertThat(answerCode(2)).isEqualTo(JsonRpcError.SERVER_BUSY);
		assertThat(this.connection.statistics().busyRefusals()).isOne();
		assertThat(this.sink.responsesTo("1")).isEmpty();
	}

	@Test
	void aThreadFreedByItsHandlerServesTheNextRequest() {
		echo();
		this.connection.setMaxThreads(1, new Semaphore(0));
		request(1, "echo");
		this.threads.runNext();
		assertThat(result(1)).isEqualTo("echoed");
		request(2, "echo");
		assertThat(this.threads.size()).isOne();
		this.threads.runNext();
		assertThat(result(2)).isEqualTo("echoed");
		assertThat(this.connection.statistics().busyRefusals()).isZero();
	}

	@Test
	void aRequestPastTheThreadBoundWaitsForTheNextFreeThreadWhileAPlaceIsFree() {
		echo();
		Semaphore places = new Semaphore(1);
		this.connection.setMaxThreads(1, places);
		request(1, "echo");
		request(2, "echo");
		request(3, "echo");
		assertThat(places.availablePermits()).isZero();
		assertThat(this.sink.responsesTo("2")).isEmpty();
		assertThat(answerCode(3)).isEqualTo(JsonRpcError.SERVER_BUSY);
		this.threads.runNext();
		// the freed thread passes to the waiting request, which gives its place back
		assertThat(places.availablePermits()).isOne();
		assertThat(this.threads.size()).isOne();
		assertThat(this.sink.responsesTo("2")).isEmpty();
		this.threads.runNext();
		assertThat(result(2)).isEqualTo("echoed");
	}

	@Test
	void aWaitingRequestTheExecutorRefusesIsAnsweredBusyAndItsThreadFreed() {
		echo();
		this.connection.setMaxThreads(1, new Semaphore(1));
		request(1, "echo");
		request(2, "echo");
		this.threads.refusals = 1;
		this.threads.runNext();
		assertThat(answerCode(2)).isEqualTo(JsonRpcError.SERVER_BUSY);
		request(3, "echo");
		assertThat(this.threads.size()).isOne();
		this.threads.runNext();
		assertThat(result(3)).isEqualTo("echoed");
	}

	@Test
	void aThreadTheExecutorRefusedIsFreeForTheNextRequest() {
		echo();
		this.connection.setMaxThreads(1, new Semaphore(0));
		this.threads.refusals = 1;
		request(1, "echo");
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.SERVER_BUSY);
		request(2, "echo");
		assertThat(this.threads.size()).isOne();
		assertThat(this.sink.responsesTo("2")).isEmpty();
	}

	@Test
	void aRequestRefusedBusyPassesItsOrderKeyOn() {
		echo();
		this.handler.orderKeys = (method, params) -> "session";
		this.connection.setMaxThreads(1, new Semaphore(0));
		request(1, "echo");
		request(2, "echo");
		request(3, "echo");
		assertThat(this.connection.orderedRequests()).isEqualTo(3);
		// the first ends on its thread, which it still holds while the next two start
		this.threads.runNext();
		assertThat(result(1)).isEqualTo("echoed");
		assertThat(answerCode(2)).isEqualTo(JsonRpcError.SERVER_BUSY);
		assertThat(answerCode(3)).isEqualTo(JsonRpcError.SERVER_BUSY);
		assertThat(this.connection.orderedRequests()).isZero();
	}

	@Test
	void aRequestRefusedBusyStopsCountingAgainstTheInFlightBound() {
		echo();
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		this.connection.setMaxInFlight(2);
		this.connection.setMaxThreads(1, new Semaphore(0));
		request(1, "echo");
		request(2, "echo");
		assertThat(answerCode(2)).isEqualTo(JsonRpcError.SERVER_BUSY);
		this.threads.runNext();
		this.connection.setMaxThreads(0, new Semaphore(0));
		request(3, "hang");
		request(4, "hang");
		assertThat(this.threads.size()).isEqualTo(2);
		assertThat(this.sink.frames()).hasSize(2);
	}

	@Test
	void aRequestCancelledBeforeItsThreadRunsIsNeverHandledAndStopsCountingAgainstTheBound() {
		echo();
		this.connection.setMaxInFlight(1);
		request(1, "echo");
		cancelRequest(1);
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		this.threads.runNext();
		assertThat(this.handler.started).hasValue(0);
		assertThat(this.sink.frames()).hasSize(1);
		request(2, "echo");
		assertThat(this.threads.size()).isOne();
		this.threads.runNext();
		assertThat(result(2)).isEqualTo("echoed");
	}

	@Test
	void aRequestCancelledBeforeItsThreadRunsPassesItsOrderKeyOnWhenItsThreadRuns() {
		echo();
		this.handler.orderKeys = (method, params) -> "session";
		request(1, "echo");
		request(2, "echo");
		cancelRequest(1);
		assertThat(this.threads.size()).isOne();
		this.threads.runNext();
		assertThat(this.threads.size()).isOne();
		this.threads.runNext();
		assertThat(result(2)).isEqualTo("echoed");
		assertThat(this.handler.started).hasValue(1);
	}

	@Test
	void aPeerCancelledRequestWaitingForItsOrderKeyLeavesTheQueueAtOnce() {
		this.handler.orderKeys = (method, params) -> "session";
		this.handler.inline.add("hang");
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		request(1, "hang");
		request(2, "hang");
		assertThat(this.connection.orderedRequests()).isEqualTo(2);
		cancelRequest(2);
		assertThat(answerCode(2)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		assertThat(this.connection.orderedRequests()).isOne();
	}

	@Test
	void requestsCancelledWithTheRunningOneOfTheirKeyLeaveTheQueueAtOnce() {
		this.handler.orderKeys = (method, params) -> "session";
		this.handler.inline.add("hang");
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		request(1, "hang");
		request(2, "hang");
		request(3, "hang");
		assertThat(this.connection.cancelWithWaiting("session")).isEqualTo(3);
		assertThat(answerCode(2)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		assertThat(answerCode(3)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		assertThat(this.connection.orderedRequests()).isOne();
	}

	@Test
	void aHandlerCancelledBeforeItsThreadRunsStartsInterrupted() {
		List<Boolean> interruptedAtStart = new CopyOnWriteArrayList<>();
		this.handler.orderKeys = (method, params) -> "session";
		this.handler.onRequest("turn", (request) -> {
			interruptedAtStart.add(Thread.currentThread().isInterrupted());
			return CompletableFuture.completedFuture("done");
		});
		request(1, "turn");
		assertThat(this.connection.signalCancellation("session")).isOne();
		this.threads.runNext();
		assertThat(interruptedAtStart).containsExactly(true);
		// the interrupt does not outlive the handler on its thread
		assertThat(Thread.interrupted()).isFalse();
		assertThat(result(1)).isEqualTo("done");
	}

	@Test
	void aCancellationAfterTheHandlerReturnedDoesNotInterruptTheThreadThatRanIt() {
		this.handler.onRequest("async", (request) -> new CompletableFuture<>());
		request(1, "async");
		this.threads.runNext();
		cancelRequest(1);
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		assertThat(Thread.interrupted()).isFalse();
	}

	@Test
	void aCancelledHandlerIsNotInterruptedWhileItWritesButRightAfter() {
		List<Boolean> interruptedWhileWriting = new CopyOnWriteArrayList<>();
		List<Boolean> interruptedAfterWriting = new CopyOnWriteArrayList<>();
		JsonRpcConnection watched = this.factory.open("watched", (frame) -> {
			interruptedWhileWriting.add(Thread.currentThread().isInterrupted());
			this.sink.send(frame);
		});
		this.handler.onRequest("turn", (request) -> {
			request.signalCancellation();
			request.connection().notify("session/update", null);
			interruptedAfterWriting.add(Thread.currentThread().isInterrupted());
			return CompletableFuture.completedFuture("done");
		});
		byte[] bytes = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"turn\"}".getBytes(StandardCharsets.UTF_8);
		watched.receive(bytes, 0, bytes.length);
		this.threads.runNext();
		// the notification, then the answer (written once the handler's thread is done)
		assertThat(interruptedWhileWriting).containsExactly(false, false);
		assertThat(interruptedAfterWriting).containsExactly(true);
		assertThat(Thread.interrupted()).isFalse();
	}

	@Test
	void aCancellationDuringAWriteInterruptsTheHandlerOnlyOnceTheWriteEnds() {
		AtomicReference<InboundRequest> running = new AtomicReference<>();
		List<Boolean> interruptedWhileWriting = new CopyOnWriteArrayList<>();
		List<Boolean> interruptedAfterWriting = new CopyOnWriteArrayList<>();
		JsonRpcConnection watched = this.factory.open("watched", (frame) -> {
			InboundRequest request = running.get();
			if (request != null && !request.isCancelled()) {
				request.signalCancellation();
			}
			interruptedWhileWriting.add(Thread.currentThread().isInterrupted());
		});
		this.handler.onRequest("turn", (request) -> {
			running.set(request);
			request.connection().notify("session/update", null);
			interruptedAfterWriting.add(Thread.currentThread().isInterrupted());
			return CompletableFuture.completedFuture("done");
		});
		byte[] bytes = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"turn\"}".getBytes(StandardCharsets.UTF_8);
		watched.receive(bytes, 0, bytes.length);
		this.threads.runNext();
		assertThat(interruptedWhileWriting).containsExactly(false, false);
		assertThat(interruptedAfterWriting).containsExactly(true);
	}

	@Test
	void aRequestWhoseHandlerReturnsNoStageIsAnsweredAnEmptyResult() {
		this.handler.onRequest("nothing", (request) -> null);
		request(1, "nothing");
		this.threads.runNext();
		assertThat(this.sink.responsesTo("1")).singleElement()
			.satisfies((answer) -> assertThat(answer.get("result").isEmpty()).isTrue());
		assertThat(this.connection.inFlightRequests()).isZero();
	}

	@Test
	void anAcknowledgedRequestIsAnsweredOnceWhileItsHandlerGoesOn() {
		CompletableFuture<Object> work = new CompletableFuture<>();
		List<Boolean> acknowledged = new CopyOnWriteArrayList<>();
		this.handler.onRequest("turn", (request) -> {
			acknowledged.add(request.isAcknowledged());
			acknowledged.add(request.acknowledge("accepted"));
			acknowledged.add(request.isAcknowledged());
			acknowledged.add(request.acknowledge("again"));
			return work;
		});
		request(1, "turn");
		this.threads.runNext();
		assertThat(acknowledged).containsExactly(false, true, true, false);
		assertThat(result(1)).isEqualTo("accepted");
		work.complete("late");
		assertThat(this.sink.frames()).hasSize(1);
	}

	@Test
	void acknowledgingARequestThePeerCancelledAnswersNothing() {
		AtomicReference<InboundRequest> running = new AtomicReference<>();
		this.handler.onRequest("turn", (request) -> {
			running.set(request);
			return new CompletableFuture<>();
		});
		request(1, "turn");
		this.threads.runNext();
		cancelRequest(1);
		assertThat(running.get().acknowledge("accepted")).isFalse();
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
	}

	@Test
	void closingTheConnectionSignalsTheHandlerOfAnAcknowledgedRequest() {
		AtomicReference<InboundRequest> running = new AtomicReference<>();
		this.handler.onRequest("turn", (request) -> {
			running.set(request);
			request.acknowledge("accepted");
			return new CompletableFuture<>();
		});
		request(1, "turn");
		this.threads.runNext();
		assertThat(running.get().isCancelled()).isFalse();
		assertThat(this.factory.close(this.connection, Duration.ZERO)).isTrue();
		assertThat(running.get().isCancelled()).isTrue();
		assertThat(this.sink.frames()).hasSize(1);
	}

	@Test
	void aRequestWhoseOrderKeyFailsIsAnsweredInternalError() {
		this.handler.orderKeys = (method, params) -> {
			throw new IllegalStateException("no key");
		};
		request(1, "echo");
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.INTERNAL_ERROR);
		assertThat(this.sink.rawFrames()).noneMatch((frame) -> frame.contains("no key"));
		assertThat(this.threads.size()).isZero();
	}

	@Test
	void theTransportsPrincipalIsKept() {
		Principal principal = () -> "alice";
		this.connection.setPrincipal(principal);
		assertThat(this.connection.principal()).isSameAs(principal);
	}

	@Test
	void theFactoryBoundsTheThreadsOfEachConnection() {
		echo();
		this.factory.setMaxThreadsPerConnection(1, 0);
		JsonRpcConnection bounded = this.factory.open("bounded", this.sink);
		for (int id = 1; id <= 2; id++) {
			byte[] bytes = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"echo\"}")
				.getBytes(StandardCharsets.UTF_8);
			bounded.receive(bytes, 0, bytes.length);
		}
		assertThat(this.threads.size()).isOne();
		assertThat(answerCode(2)).isEqualTo(JsonRpcError.SERVER_BUSY);
	}

	@Test
	void aSecondCancellationSignalDoesNotInterruptTheHandlerAgain() {
		List<Boolean> interruptedAgain = new CopyOnWriteArrayList<>();
		List<Long> cancelledAt = new CopyOnWriteArrayList<>();
		this.handler.onRequest("turn", (request) -> {
			request.signalCancellation();
			cancelledAt.add(request.cancelledNanos());
			Thread.interrupted();
			request.signalCancellation();
			cancelledAt.add(request.cancelledNanos());
			interruptedAgain.add(Thread.currentThread().isInterrupted());
			return CompletableFuture.completedFuture("done");
		});
		request(1, "turn");
		this.threads.runNext();
		assertThat(interruptedAgain).containsExactly(false);
		assertThat(cancelledAt.get(1)).isEqualTo(cancelledAt.get(0));
	}

	@Test
	void aRequestNeverOvertakesANotificationReceivedBeforeIt() {
		List<String> events = new CopyOnWriteArrayList<>();
		ManualExecutor control = new ManualExecutor();
		JsonRpcConnection ordered = new JsonRpcConnectionFactory(this.codec, this.threads, control,
				Duration.ofSeconds(30), (connection) -> this.handler)
			.open("ordered", this.sink);
		CompletableFuture<Object> firstTurn = new CompletableFuture<>();
		this.handler.orderKeys = (method, params) -> "session";
		this.handler.inline.add("turn");
		this.handler.onRequest("turn", (request) -> {
			events.add("turn " + request.id());
			return request.id().asInt() == 1 ? firstTurn : CompletableFuture.completedFuture("done");
		});
		this.handler.onNotification("tick", (notification) -> events.add("tick"));
		for (String json : List.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"turn\"}",
				"{\"jsonrpc\":\"2.0\",\"method\":\"tick\"}", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"turn\"}")) {
			byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
			ordered.receive(bytes, 0, bytes.length);
		}
		// the first turn ends while the notification before the second still waits
		firstTurn.complete("done");
		assertThat(events).containsExactly("turn 1");
		control.runNext();
		assertThat(events).containsExactly("turn 1", "tick", "turn 2");
	}

	/**
	 * An executor whose tasks the test runs, one at a time, on its own thread; it refuses
	 * as many tasks as {@link #refusals} says.
	 */
	static final class ManualExecutor implements Executor {

		private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();

		int refusals;

		@Override
		public void execute(Runnable task) {
			if (this.refusals > 0) {
				this.refusals--;
				throw new RejectedExecutionException("refused");
			}
			this.tasks.add(task);
		}

		int size() {
			return this.tasks.size();
		}

		void runNext() {
			this.tasks.remove().run();
		}

	}

}

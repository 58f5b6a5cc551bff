package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;

import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Tests for {@link JsonRpcConnection}.
 */
class JsonRpcConnectionTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonRpcCodec codec = new JsonRpcCodec(this.mapper);

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final CapturingSink sink = new CapturingSink(this.mapper);

	private final TestHandler handler = new TestHandler();

	private final List<CountDownLatch> latches = new CopyOnWriteArrayList<>();

	private JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(this.codec, this.executor,
			Duration.ofSeconds(30), (connection) -> this.handler);

	private JsonRpcConnection connection = this.factory.open("test", this.sink);

	@AfterEach
	void releaseAndShutDown() throws InterruptedException {
		this.latches.forEach((latch) -> {
			while (latch.getCount() > 0) {
				latch.countDown();
			}
		});
		this.executor.shutdownNow();
		this.executor.awaitTermination(5, TimeUnit.SECONDS);
	}

	private CountDownLatch latch() {
		CountDownLatch latch = new CountDownLatch(1);
		this.latches.add(latch);
		return latch;
	}

	private void receive(String json) {
		byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
		this.connection.receive(bytes, 0, bytes.length);
	}

	private void request(Object id, String method) {
		request(id, method, null);
	}

	private void request(Object id, String method, String params) {
		String idJson = (id instanceof String string) ? "\"" + string + "\"" : String.valueOf(id);
		receive("{\"jsonrpc\":\"2.0\",\"id\":" + idJson + ",\"method\":\"" + method + "\""
				+ ((params != null) ? ",\"params\":" + params : "") + "}");
	}

	private void notification(String method, String params) {
		receive("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"" + ((params != null) ? ",\"params\":" + params : "")
				+ "}");
	}

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	static ConditionFactory waiting() {
		return await().atMost(WAIT).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5));
	}

	private static void awaitLatchQuietly(CountDownLatch latch) {
		try {
			latch.await(WAIT.toSeconds(), TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			// the cancellation interrupts the handler: it goes on to return
		}
	}

	private static void awaitLatch(CountDownLatch latch) {
		try {
			if (!latch.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
				throw new IllegalStateException("Latch not released");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void requestsRunOffTheReadingThreadSoABlockedHandlerDoesNotBlockReceive() {
		CountDownLatch release = latch();
		AtomicReference<Thread> handlerThread = new AtomicReference<>();
		this.handler.onRequest("block", (request) -> {
			handlerThread.set(Thread.currentThread());
			awaitLatch(release);
			return CompletableFuture.completedFuture("done");
		});
		request(1, "block");
		waiting().until(() -> handlerThread.get() != null);
		assertThat(handlerThread.get()).isNotSameAs(Thread.currentThread());
		assertThat(this.sink.size()).isZero();
		assertThat(this.connection.inFlightRequests()).isEqualTo(1);
		release.countDown();
		assertThat(this.sink.awaitResponse("1")).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"done\"}"));
		waiting().until(() -> this.connection.inFlightRequests() == 0);
	}

	@Test
	void aBlockedRequestDoesNotHoldBackASecondRequest() {
		CountDownLatch release = latch();
		CountDownLatch started = latch();
		this.handler.onRequest("block", (request) -> {
			started.countDown();
			awaitLatch(release);
			return CompletableFuture.completedFuture("slow");
		});
		this.handler.onRequest("fast", (request) -> CompletableFuture.completedFuture("quick"));
		request(1, "block");
		awaitLatch(started);
		request(2, "fast");
		assertThat(this.sink.awaitResponse("2").get("result").stringValue()).isEqualTo("quick");
		assertThat(this.sink.responsesTo("1")).isEmpty();
		release.countDown();
		assertThat(this.sink.awaitResponse("1").get("result").stringValue()).isEqualTo("slow");
		assertThat(this.sink.frames()).hasSize(2);
	}

	@Test
	void notificationsOfAConnectionRunInArrivalOrderOneAtATime() {
		int count = 300;
		List<Integer> seen = new CopyOnWriteArrayList<>();
		AtomicInteger active = new AtomicInteger();
		AtomicInteger maxActive = new AtomicInteger();
		this.handler.onNotification("tick", (notification) -> {
			maxActive.accumulateAndGet(active.incrementAndGet(), Math::max);
			Thread.yield();
			seen.add(notification.params().get("n").intValue());
			active.decrementAndGet();
		});
		for (int i = 0; i < count; i++) {
			notification("tick", "{\"n\":" + i + "}");
		}
		waiting().until(() -> seen.size() == count);
		List<Integer> expected = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			expected.add(i);
		}
		assertThat(seen).containsExactlyElementsOf(expected);
		assertThat(maxActive.get()).isEqualTo(1);
		assertThat(this.sink.frames()).isEmpty();
	}

	@Test
	void aBlockedNotificationHoldsBackLaterNotificationsAndRequestsButNotReading() {
		CountDownLatch release = latch();
		CountDownLatch firstStarted = latch();
		List<String> handled = new CopyOnWriteArrayList<>();
		this.handler.onNotification("first", (notification) -> {
			firstStarted.countDown();
			awaitLatch(release);
			handled.add("first");
		});
		this.handler.onNotification("second", (notification) -> handled.add("second"));
		this.handler.onRequest("ping", (request) -> CompletableFuture.completedFuture(List.copyOf(handled)));
		notification("first", null);
		notification("second", null);
		awaitLatch(firstStarted);
		request(1, "ping");
		request(2, "ping");
		notification("$/cancel_request", "{\"requestId\":1}");
		assertThat(this.sink.awaitResponse("1").at("/error/code").asInt()).isEqualTo(-32800);
		assertThat(this.connection.statistics().cancellations()).isEqualTo(1);
		assertThat(this.sink.responsesTo("2")).isEmpty();
		release.countDown();
		assertThat(this.sink.awaitResponse("2").get("result").toString()).isEqualTo("[\"first\",\"second\"]");
		assertThat(this.sink.responsesTo("1")).hasSize(1);
	}

	@Test
	void requestsSharingAnOrderKeyRunOneAtATimeInArrivalOrder() {
		CountDownLatch release = latch();
		List<String> started = new CopyOnWriteArrayList<>();
		this.handler.orderKeys = (method, params) -> (params != null) ? params.get("key").stringValue() : null;
		this.handler.onRequest("work", (request) -> {
			String name = request.params().get("name").stringValue();
			started.add(name);
			if (name.equals("a1")) {
				awaitLatch(release);
			}
			return CompletableFuture.completedFuture(name);
		});
		request(1, "work", "{\"key\":\"a\",\"name\":\"a1\"}");
		request(2, "work", "{\"key\":\"a\",\"name\":\"a2\"}");
		request(3, "work", "{\"key\":\"b\",\"name\":\"b1\"}");
		assertThat(this.sink.awaitResponse("3").get("result").stringValue()).isEqualTo("b1");
		assertThat(started).doesNotContain("a2");
		release.countDown();
		assertThat(this.sink.awaitResponse("2").get("result").stringValue()).isEqualTo("a2");
		assertThat(this.sink.responsesTo("1")).hasSize(1);
		assertThat(started).containsSubsequence("a1", "a2");
	}

	@Test
	void aCancelledRequestWhoseHandlerNeverReturnsReleasesItsOrderKeyAtTheHandlerTimeLimit() {
		// handlers run on the receiving thread: every answer is sent before receive
		// returns
		this.factory = new JsonRpcConnectionFactory(this.codec, Runnable::run, Duration.ofSeconds(30),
				(connection) -> this.handler);
		this.connection = this.factory.open("test", this.sink);
		this.handler.orderKeys = (method, params) -> "k";
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
		request(1, "hang");
		receive("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":{\"requestId\":1}}");
		assertThat(this.sink.responsesTo("1")).singleElement()
			.satisfies(
					(answer) -> assertThat(answer.at("/error/code").asInt()).isEqualTo(JsonRpcError.REQUEST_CANCELLED));
		request(2, "echo");
		assertThat(this.sink.responsesTo("2")).isEmpty();
		assertThat(this.connection.expireRequests(Duration.ofDays(1))).isZero();
		assertThat(this.sink.responsesTo("2")).isEmpty();
		this.connection.expireRequests(Duration.ZERO);
		assertThat(this.sink.responsesTo("2")).singleElement()
			.satisfies((answer) -> assertThat(answer.get("result").stringValue()).isEqualTo("echoed"));
		assertThat(this.connection.orderedRequests()).isZero();
	}

	@Test
	void anAcknowledgedRequestIsAnsweredAtOnceAndHoldsTheRequestsOfItsOrderKeyUntilItsHandlerReturns() {
		this.factory = new JsonRpcConnectionFactory(this.codec, Runnable::run, Duration.ofSeconds(30),
				(connection) -> this.handler);
		this.connection = this.factory.open("test", this.sink);
		CompletableFuture<Object> turn = new CompletableFuture<>();
		this.handler.orderKeys = (method, params) -> "k";
		this.handler.onRequest("turn", (request) -> {
			request.acknowledge(Map.of("ack", true));
			return turn;
		});
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
		request(1, "turn");
		assertThat(this.sink.responsesTo("1")).singleElement()
			.satisfies((answer) -> assertThat(answer.get("result").toString()).isEqualTo("{\"ack\":true}"));
		request(2, "echo");
		assertThat(this.sink.responsesTo("2")).isEmpty();
		turn.complete("ignored");
		assertThat(this.sink.responsesTo("1")).hasSize(1);
		assertThat(this.sink.responsesTo("2")).singleElement()
			.satisfies((answer) -> assertThat(answer.get("result").stringValue()).isEqualTo("echoed"));
	}

	@Test
	void cancellingAnOrderKeyWithItsWaitingRequestsSignalsTheRunningOneAndAnswersTheOthersRequestCancelled() {
		this.factory = new JsonRpcConnectionFactory(this.codec, Runnable::run, Duration.ofSeconds(30),
				(connection) -> this.handler);
		this.connection = this.factory.open("test", this.sink);
		CompletableFuture<Object> turn = new CompletableFuture<>();
		this.handler.orderKeys = (method, params) -> "k";
		this.handler.onRequest("turn", (request) -> {
			request.acknowledge("ack");
			request.onCancel(() -> turn.complete("cancelled"));
			return turn;
		});
		request(1, "turn");
		request(2, "turn");
		request(3, "turn");
		assertThat(this.connection.cancelWithWaiting("k")).isEqualTo(3);
		assertThat(turn).isCompletedWithValue("cancelled");
		assertThat(this.sink.responsesTo("2")).singleElement()
			.satisfies(
					(answer) -> assertThat(answer.at("/error/code").asInt()).isEqualTo(JsonRpcError.REQUEST_CANCELLED));
		assertThat(this.sink.responsesTo("3")).singleElement()
			.satisfies(
					(answer) -> assertThat(answer.at("/error/code").asInt()).isEqualTo(JsonRpcError.REQUEST_CANCELLED));
		assertThat(this.handler.started).hasValue(1);
		assertThat(this.connection.orderedRequests()).isZero();
	}

	@Test
	void anAcknowledgedRequestPastItsLimitIsSignalledThenGivenUpOnAfterTheGracePeriod() {
		this.factory = new JsonRpcConnectionFactory(this.codec, Runnable::run, Duration.ofSeconds(30),
				(connection) -> this.handler);
		this.connection = this.factory.open("test", this.sink);
		AtomicBoolean signalled = new AtomicBoolean();
		this.handler.orderKeys = (method, params) -> "k";
		this.handler.onRequest("turn", (request) -> {
			request.acknowledge("ack");
			request.cancelAfter(Duration.ZERO);
			request.onCancel(() -> signalled.set(true));
			return new CompletableFuture<>();
		});
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
		request(1, "turn");
		request(2, "echo");
		assertThat(this.connection.expireRequests(Duration.ofDays(1), Duration.ofDays(1))).isZero();
		assertThat(signalled).isTrue();
		assertThat(this.handler.givenUp).isEmpty();
		assertThat(this.sink.responsesTo("2")).isEmpty();
		this.connection.expireRequests(Duration.ofDays(1), Duration.ZERO);
		assertThat(this.handler.givenUp).containsExactly("turn");
		assertThat(this.sink.responsesTo("1")).hasSize(1);
		assertThat(this.sink.responsesTo("2")).singleElement()
			.satisfies((answer) -> assertThat(answer.get("result").stringValue()).isEqualTo("echoed"));
	}

	@Test
	void signalledCancellationInterruptsTheHandlerWithoutAnsweringForIt() {
		CountDownLatch blocked = latch();
		this.handler.orderKeys = (method, params) -> "k";
		this.handler.onRequest("sleep", (request) -> {
			blocked.countDown();
			try {
				Thread.sleep(10_000);
				return CompletableFuture.completedFuture("slept");
			}
			catch (InterruptedException ex) {
				return CompletableFuture.completedFuture("interrupted, cancelled=" + request.isCancelled());
			}
		});
		request(1, "sleep");
		awaitLatch(blocked);
		this.connection.signalCancellation("k");
		assertThat(this.sink.awaitResponse("1").get("result").stringValue()).isEqualTo("interrupted, cancelled=true");
	}

	@Test
	void anErrorWhoseDataCannotBeWrittenIsAnsweredAsAnInternalError() {
		this.handler.onRequest("bad", (request) -> CompletableFuture
			.failedFuture(new JsonRpcException(new JsonRpcError(-32001, "Bad", new Object() {
				public Object getSelf() {
					throw new IllegalStateException("not writable");
				}
			}))));
		request(1, "bad");
		assertThat(this.sink.awaitResponse("1").at("/error/code").asInt()).isEqualTo(-32603);
	}

	@Test
	void aMalformedCancelRequestIsIgnoredAndTheConnectionKeepsServing() {
		this.handler.onRequest("ping", (request) -> CompletableFuture.completedFuture("pong"));
		notification("$/cancel_request", "{\"requestId\":{}}");
		notification("$/cancel_request", "{\"requestId\":[1]}");
		notification("$/cancel_request", "[1]");
		request(1, "ping");
		assertThat(this.sink.awaitResponse("1").get("result").stringValue()).isEqualTo("pong");
		assertThat(this.sink.size()).isOne();
	}

	@Test
	void aCancelCallbackThatThrowsStillLetsTheCancellationBeAnswered() {
		CountDownLatch started = latch();
		CountDownLatch release = latch();
		this.handler.onRequest("slow", (request) -> {
			request.onCancel(() -> {
				throw new IllegalStateException("callback failed");
			});
			started.countDown();
			awaitLatchQuietly(release);
			return CompletableFuture.completedFuture("done");
		});
		request(1, "slow");
		awaitLatch(started);
		notification("$/cancel_request", "{\"requestId\":1}");
		assertThat(this.sink.awaitResponse("1").at("/error/code").asInt()).isEqualTo(-32800);
		release.countDown();
	}

	@Test
	void notificationsWithScalarOrNullParamsAreDroppedUnanswered() {
		List<String> handled = new CopyOnWriteArrayList<>();
		this.handler.onNotification("n", (notification) -> handled.add("n"));
		this.handler.onRequest("ping", (request) -> CompletableFuture.completedFuture(List.copyOf(handled)));
		receive("{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":42}");
		receive("{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":null}");
		receive("{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":\"x\"}");
		request(1, "ping");
		assertThat(this.sink.awaitResponse("1").get("result").toString()).isEqualTo("[]");
		assertThat(this.sink.size()).isOne();
	}

	@Test
	void aFailingNotificationHandlerDoesNotStopLaterNotificationsAndIsNeverAnswered() {
		List<String> handled = new CopyOnWriteArrayList<>();
		this.handler.onNotification("boom", (notification) -> {
			handled.add("boom");
			throw new IllegalStateException("notification failed");
		});
		this.handler.onNotification("error", (notification) -> {
			handled.add("error");
			throw new AssertionError("an Error, not an Exception");
		});
		this.handler.onNotification("ok", (notification) -> handled.add("ok"));
		notification("boom", "{}");
		notification("error", "[]");
		notification("ok", null);
		waiting().until(() -> handled.size() == 3);
		assertThat(handled).containsExactly("boom", "error", "ok");
		assertThat(this.sink.frames()).isEmpty();
	}

	@Test
	void aNotificationNeverGetsAResponse() {
		CountDownLatch done = new CountDownLatch(3);
		this.handler.onNotification("known", (notification) -> done.countDown());
		this.handler.unknownNotification = (notification) -> done.countDown();
		notification("known", "{\"a\":1}");
		notification("unknown/method", null);
		notification("_vendor/thing", "{}");
		awaitLatch(done);
		// an unknown cancellation is a notification too
		notification(JsonRpcConnection.CANCEL_REQUEST_METHOD, "{\"requestId\":42}");
		notification(JsonRpcConnection.CANCEL_REQUEST_METHOD, null);
		// a request after them is answered, and is the only frame
		this.handler.onRequest("ping", (request) -> CompletableFuture.completedFuture("pong"));
		request(1, "ping");
		this.sink.awaitResponse("1");
		assertThat(this.sink.frames()).hasSize(1);
	}

	@Test
	void theHandlerSeesTheRequestExactlyAsReceived() {
		AtomicReference<InboundRequest> seen = new AtomicReference<>();
		this.handler.onRequest("m", (request) -> {
			seen.set(request);
			return CompletableFuture.completedFuture(null);
		});
		request("id-1", "m", "{\"a\":[1,2.50],\"_meta\":{\"k\":\"v\"}}");
		this.sink.awaitResponse("\"id-1\"");
		assertThat(seen.get().id()).isEqualTo(tree("\"id-1\""));
		assertThat(seen.get().method()).isEqualTo("m");
		assertThat(seen.get().params()).isEqualTo(tree("{\"a\":[1,2.50],\"_meta\":{\"k\":\"v\"}}"));
		assertThat(seen.get().params().get("a").get(1).decimalValue()).isEqualByComparingTo("2.50");
		assertThat(seen.get().connection()).isSameAs(this.connection);
		assertThat(seen.get().isCancelled()).isFalse();
	}

	@Test
	void everyRequestGetsExactlyOneResponse() {
		int count = 200;
		this.handler.onRequest("mixed", (request) -> {
			int n = request.params().get("n").intValue();
			return switch (n % 5) {
				case 0 -> CompletableFuture.completedFuture(n);
				case 1 -> CompletableFuture.supplyAsync(() -> n, this.executor);
				case 2 -> throw new JsonRpcException(-32001, "refused", n);
				case 3 -> CompletableFuture.supplyAsync(() -> {
					throw new IllegalStateException("async failure");
				}, this.executor);
				default -> CompletableFuture.completedFuture(null);
			};
		});
		for (int i = 0; i < count; i++) {
			request(i, "mixed", "{\"n\":" + i + "}");
		}
		List<JsonNode> frames = this.sink.awaitFrames(count);
		waiting().until(() -> this.connection.inFlightRequests() == 0);
		assertThat(this.sink.frames()).hasSize(count);
		Set<Integer> ids = ConcurrentHashMap.newKeySet();
		for (JsonNode frame : frames) {
			int id = frame.get("id").intValue();
			assertThat(ids.add(id)).as("one response for id %d", id).isTrue();
			switch (id % 5) {
				case 0, 1 -> assertThat(frame.get("result").intValue()).isEqualTo(id);
				case 2 -> assertThat(frame.get("error"))
					.isEqualTo(tree("{\"code\":-32001,\"message\":\"refused\",\"data\":" + id + "}"));
				case 3 ->
					assertThat(frame.get("error")).isEqualTo(tree("{\"code\":-32603,\"message\":\"Internal error\"}"));
				default -> assertThat(frame.get("result")).isEqualTo(tree("{}"));
			}
		}
		assertThat(ids).hasSize(count);
	}

	@Test
	void aJsonRpcExceptionAnswersExactlyItsErrorHoweverItIsRaised() {
		JsonRpcError error = new JsonRpcError(-32602, "Invalid params", Map.of("fields", List.of("sessionId")));
		JsonNode expected = tree(
				"{\"code\":-32602,\"message\":\"Invalid params\",\"data\":{\"fields\":[\"sessionId\"]}}");
		this.handler.onRequest("thrown", (request) -> {
			throw new JsonRpcException(error);
		});
		this.handler.onRequest("failed", (request) -> CompletableFuture.failedFuture(new JsonRpcException(error)));
		this.handler.onRequest("async", (request) -> CompletableFuture.supplyAsync(() -> {
			throw new JsonRpcException(error);
		}, this.executor));
		this.handler.onRequest("subclass", (request) -> {
			throw new JsonRpcDecodeException(new JsonRpcError(-32000, "Authentication required"), null);
		});
		request(1, "thrown");
		request(2, "failed");
		request(3, "async");
		request(4, "subclass");
		for (String id : List.of("1", "2", "3")) {
			JsonNode response = this.sink.awaitResponse(id);
			assertThat(response).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":" + expected + "}"));
		}
		assertThat(this.sink.awaitResponse("4")).isEqualTo(tree(
				"{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32000,\"message\":\"Authentication required\"}}"));
	}

	@Test
	void anyOtherFailureAnswersInternalErrorWithoutLeakingDetails() {
		this.handler.onRequest("thrown", (request) -> {
			throw new IllegalStateException("secret-detail-1");
		});
		this.handler.onRequest("failed",
				(request) -> CompletableFuture.failedFuture(new UnsupportedOperationException("secret-detail-2")));
		this.handler.onRequest("async", (request) -> CompletableFuture.supplyAsync(() -> {
			throw new IllegalArgumentException("secret-detail-3");
		}, this.executor));
		this.handler.onRequest("error", (request) -> {
			throw new StackOverflowError("secret-detail-4");
		});
		this.handler.onRequest("unwritable", (request) -> CompletableFuture.completedFuture(new Unwritable()));
		List<String> ids = List.of("1", "2", "3", "4", "5");
		request(1, "thrown");
		request(2, "failed");
		request(3, "async");
		request(4, "error");
		request(5, "unwritable");
		for (String id : ids) {
			assertThat(this.sink.awaitResponse(id)).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":" + id
					+ ",\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}"));
		}
		assertThat(this.sink.frames()).hasSize(5);
		assertThat(String.join("", this.sink.rawFrames())).doesNotContain("secret", "Exception", "StackOverflow",
				"Unwritable", "at dev.");
	}

	@Test
	void aVoidOrNullResultAnswersAnEmptyObject() {
		this.handler.onRequest("void", (request) -> CompletableFuture.completedFuture(null));
		this.handler.onRequest("later", (request) -> CompletableFuture.runAsync(() -> {
		}, this.executor));
		request(1, "void");
		request(2, "later");
		assertThat(this.sink.awaitResponse("1")).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"));
		assertThat(this.sink.awaitResponse("2")).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}"));
	}

	@Test
	void idsOfEveryKindAreEchoedExactly() {
		this.handler.onRequest("m", (request) -> CompletableFuture.completedFuture("ok"));
		List<String> ids = List.of("0", "-7", "\"\"", "\"0\"", "\"a\\\"b\"", "12345678901234567890123", "1.25");
		for (String id : ids) {
			receive("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"m\"}");
		}
		this.sink.awaitFrames(ids.size());
		for (String id : ids) {
			assertThat(this.sink.rawFrames()).contains("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":\"ok\"}");
		}
	}

	@Test
	void cancelRequestAnswersCancelledAtOnceAndDropsTheLateResult() {
		CompletableFuture<Object> result = new CompletableFuture<>();
		AtomicReference<InboundRequest> inbound = new AtomicReference<>();
		AtomicInteger cancelCallbacks = new AtomicInteger();
		this.handler.onRequest("slow", (request) -> {
			request.onCancel(cancelCallbacks::incrementAndGet);
			inbound.set(request);
			return result;
		});
		request(7, "slow");
		waiting().until(() -> inbound.get() != null);
		notification(JsonRpcConnection.CANCEL_REQUEST_METHOD, "{\"requestId\":7}");
		// answered on the reading thread, before receive returned
		assertThat(this.sink.frames()).containsExactly(
				tree("{\"jsonrpc\":\"2.0\",\"id\":7,\"error\":{\"code\":-32800,\"message\":\"Request cancelled\"}}"));
		assertThat(inbound.get().isCancelled()).isTrue();
		assertThat(cancelCallbacks).hasValue(1);
		assertThat(this.connection.inFlightRequests()).isZero();
		result.complete("too late");
		notification(JsonRpcConnection.CANCEL_REQUEST_METHOD, "{\"requestId\":7}");
		assertThat(this.sink.frames()).hasSize(1);
		AtomicBoolean lateCallback = new AtomicBoolean();
		inbound.get().onCancel(() -> lateCallback.set(true));
		assertThat(lateCallback).isTrue();
	}

	@Test
	void cancelRequestOfABlockedHandlerAnswersCancelledWithoutWaitingForIt() {
		CountDownLatch release = latch();
		CountDownLatch started = latch();
		this.handler.onRequest("block", (request) -> {
			started.countDown();
			awaitLatch(release);
			return CompletableFuture.completedFuture("late");
		});
		request("abc", "block");
		awaitLatch(started);
		notification(JsonRpcConnection.CANCEL_REQUEST_METHOD, "{\"requestId\":\"abc\"}");
		assertThat(this.sink.responsesTo("\"abc\"")).singleElement()
			.satisfies((frame) -> assertThat(frame.get("error").get("code").intValue()).isEqualTo(-32800));
		release.countDown();
		this.handler.onRequest("ping", (request) -> CompletableFuture.completedFuture("pong"));
		request(1, "ping");
		this.sink.awaitResponse("1");
		waiting().until(() -> this.handler.finished.get() == 2);
		assertThat(this.sink.responsesTo("\"abc\"")).hasSize(1);
		assertThat(this.sink.frames()).hasSize(2);
	}

	@Test
	void cancelRequestMatchesTheIdTypeExactly() {
		CompletableFuture<Object> numeric = new CompletableFuture<>();
		CompletableFuture<Object> text = new CompletableFuture<>();
		this.handler.onRequest("numeric", (request) -> numeric);
		this.handler.onRequest("text", (request) -> text);
		request(1, "numeric");
		request("1", "text");
		waiting().until(() -> this.handler.started.get() == 2);
		notification(JsonRpcConnection.CANCEL_REQUEST_METHOD, "{\"requestId\":\"1\"}");
		assertThat(this.sink.frames()).containsExactly(tree(
				"{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"error\":{\"code\":-32800,\"message\":\"Request cancelled\"}}"));
		numeric.complete("served");
		assertThat(this.sink.awaitResponse("1"))
			.isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"served\"}"));
	}

	@Test
	void aDuplicateInFlightIdIsRejectedWithoutDisturbingTheFirstRequest() {
		CompletableFuture<Object> first = new CompletableFuture<>();
		this.handler.onRequest("slow", (request) -> first);
		request(5, "slow");
		waiting().until(() -> this.handler.started.get() == 1);
		request(5, "slow");
		assertThat(this.sink.frames()).singleElement().satisfies((frame) -> {
			assertThat(frame.get("id")).isEqualTo(tree("5"));
			assertThat(frame.get("error").get("code").intValue()).isEqualTo(-32600);
		});
		assertThat(this.handler.started).hasValue(1);
		first.complete("first");
		assertThat(this.sink.frames()).hasSize(2);
		assertThat(this.sink.frame(1)).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":\"first\"}"));
		// the id is free again once answered
		this.handler.onRequest("fast", (request) -> CompletableFuture.completedFuture("again"));
		request(5, "fast");
		this.sink.awaitFrames(3);
		assertThat(this.sink.frame(2)).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":\"again\"}"));
	}

	@Test
	void anInlineRequestRunsOnTheReadingThreadAndTheNextRequestSeesItsEffect() {
		AtomicReference<Thread> initializeThread = new AtomicReference<>();
		AtomicReference<Thread> otherThread = new AtomicReference<>();
		AtomicBoolean initialized = new AtomicBoolean();
		this.handler.inline.add("initialize");
		this.handler.onRequest("initialize", (request) -> {
			initializeThread.set(Thread.currentThread());
			initialized.set(true);
			return CompletableFuture.completedFuture(Map.of("protocolVersion", 1));
		});
		this.handler.onRequest("next", (request) -> {
			otherThread.set(Thread.currentThread());
			return CompletableFuture.completedFuture(initialized.get());
		});
		request(0, "initialize", "{\"protocolVersion\":1}");
		// the inline request was answered before receive returned
		assertThat(this.sink.frames())
			.containsExactly(tree("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":1}}"));
		request(1, "next");
		assertThat(initializeThread.get()).isSameAs(Thread.currentThread());
		assertThat(this.sink.awaitResponse("1").get("result").booleanValue()).isTrue();
		assertThat(otherThread.get()).isNotSameAs(Thread.currentThread());
	}

	@Test
	void anInlineRequestThatThrowsIsAnsweredAndReadingContinues() {
		this.handler.inline.add("initialize");
		this.handler.onRequest("initialize", (request) -> {
			throw new IllegalStateException("secret");
		});
		this.handler.onRequest("next", (request) -> CompletableFuture.completedFuture("ok"));
		request(0, "initialize");
		assertThat(this.sink.frames()).containsExactly(
				tree("{\"jsonrpc\":\"2.0\",\"id\":0,\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}"));
		request(1, "next");
		assertThat(this.sink.awaitResponse("1").get("result").stringValue()).isEqualTo("ok");
	}

	@Test
	void invalidFramesAreAnsweredAndTheConnectionKeepsWorking() {
		this.handler.onRequest("ping", (request) -> CompletableFuture.completedFuture("pong"));
		receive("this is not json");
		receive("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]");
		receive("{\"id\":2,\"method\":\"ping\"}");
		receive("{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}");
		this.connection.reject(JsonRpcError.invalidRequest("too long"));
		assertThat(this.sink.frames()).containsExactly(tree(
				"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\",\"data\":\"Invalid JSON\"}}"),
				tree("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request\",\"data\":\"Batches are not supported\"}}"),
				tree("{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32600,\"message\":\"Invalid Request\",\"data\":\"\\\"jsonrpc\\\" must be \\\"2.0\\\"\"}}"),
				tree("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request\",\"data\":\"\\\"id\\\" must be a string, a number or null\"}}"),
				tree("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600,\"message\":\"Invalid Request\",\"data\":\"too long\"}}"));
		assertThat(this.handler.started).hasValue(0);
		request(3, "ping");
		assertThat(this.sink.awaitResponse("3").get("result").stringValue()).isEqualTo("pong");
	}

	@Test
	void withOrderedAnswersAnAnswerCompletesOnlyAfterTheNotificationsReceivedBeforeIt() throws Exception {
		this.factory.setOrderedAnswers(true);
		JsonRpcConnection ordered = this.factory.open("ordered", this.sink);
		CountDownLatch release = latch();
		List<String> seen = new CopyOnWriteArrayList<>();
		this.handler.onNotification("update", (notification) -> {
			awaitLatch(release);
			seen.add(notification.params().get("n").asString());
		});
		CompletableFuture<List<String>> answer = ordered.request("prompt", null)
			.thenApply((result) -> List.copyOf(seen));
		byte[] update1 = "{\"jsonrpc\":\"2.0\",\"method\":\"update\",\"params\":{\"n\":\"1\"}}"
			.getBytes(StandardCharsets.UTF_8);
		byte[] update2 = "{\"jsonrpc\":\"2.0\",\"method\":\"update\",\"params\":{\"n\":\"2\"}}"
			.getBytes(StandardCharsets.UTF_8);
		byte[] response = "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}".getBytes(StandardCharsets.UTF_8);
		ordered.receive(update1, 0, update1.length);
		ordered.receive(update2, 0, update2.length);
		ordered.receive(response, 0, response.length);
		assertThat(answer).isNotDone();
		release.countDown();
		assertThat(answer.get(10, TimeUnit.SECONDS)).containsExactly("1", "2");
	}

	@Test
	void outboundRequestsAreCorrelatedWithTheirResponsesById() throws Exception {
		CompletableFuture<JsonNode> first = this.connection.request("fs/read_text_file", Map.of("path", "/a"));
		CompletableFuture<JsonNode> second = this.connection.request("fs/read_text_file", Map.of("path", "/b"));
		CompletableFuture<JsonNode> third = this.connection.request("_zed.dev/workspace/buffers", null);
		assertThat(this.sink.frames()).containsExactly(
				tree("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"fs/read_text_file\",\"params\":{\"path\":\"/a\"}}"),
				tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"fs/read_text_file\",\"params\":{\"path\":\"/b\"}}"),
				tree("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_zed.dev/workspace/buffers\"}"));
		receive("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":[\"buf\"]}");
		receive("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"content\":\"A\"}}");
		assertThat(second).isNotDone();
		receive("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":null}");
		assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(tree("{\"content\":\"A\"}"));
		assertThat(second.get(10, TimeUnit.SECONDS).isNull()).isTrue();
		assertThat(third.get(10, TimeUnit.SECONDS)).isEqualTo(tree("[\"buf\"]"));
		assertThat(this.sink.frames()).hasSize(3);
	}

	@Test
	void anOutboundRequestFailsWithJsonRpcExceptionOnAnErrorResponse() {
		CompletableFuture<JsonNode> future = this.connection.request("fs/write_text_file", Map.of());
		receive("{\"jsonrpc\":\"2.0\",\"id\":0,\"error\":{\"code\":-32002,\"message\":\"Resource not found\",\"data\":{\"uri\":\"file:///x\"}}}");
		assertThat(future).failsWithin(WAIT)
			.withThrowableOfType(ExecutionException.class)
			.havingCause()
			.isInstanceOfSatisfying(JsonRpcException.class, (ex) -> {
				assertThat(ex.getError().code()).isEqualTo(-32002);
				assertThat(ex.getError().message()).isEqualTo("Resource not found");
				assertThat(ex.getError().data()).isEqualTo(tree("{\"uri\":\"file:///x\"}"));
			});
		assertThat(this.sink.frames()).hasSize(1);
	}

	@Test
	void anOutboundRequestTimesOutAfterTheGivenTimeoutIsCancelledAtThePeerAndItsLateResponseIsIgnored() {
		CompletableFuture<JsonNode> future = this.connection.request("slow/client", null, Duration.ofMillis(100));
		CompletableFuture<JsonNode> other = this.connection.request("other", null, Duration.ofMinutes(5));
		assertThat(future).failsWithin(WAIT)
			.withThrowableOfType(ExecutionException.class)
			.withCauseInstanceOf(TimeoutException.class);
		assertThat(other).isNotDone();
		JsonNode cancel = this.sink.awaitFrames(3).get(2);
		assertThat(cancel.get("method").stringValue()).isEqualTo("$/cancel_request");
		assertThat(cancel.at("/params/requestId").asInt()).isZero();
		receive("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":\"late\"}");
		assertThat(this.sink.frames()).hasSize(3);
		receive("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"in time\"}");
		assertThat(other).succeedsWithin(WAIT).isEqualTo(tree("\"in time\""));
	}

	@Test
	void anAbandonedOutboundRequestIsCancelledAtThePeer() {
		CompletableFuture<JsonNode> future = this.connection.request("permission", null, Duration.ofMinutes(5));
		future.cancel(true);
		JsonNode cancel = this.sink.awaitFrames(2).get(1);
		assertThat(cancel.get("method").stringValue()).isEqualTo("$/cancel_request");
		assertThat(cancel.at("/params/requestId").asInt()).isZero();
	}

	@Test
	void aCancelledRequestsCallsPendingAtThePeerAreCancelledThereAndItIsAnsweredWithoutWaitingForThem()
			throws InterruptedException {
		BlockingQueue<JsonNode> sent = new LinkedBlockingQueue<>();
		this.connection = this.factory.open("test", (frame) -> sent.add(this.mapper.readTree(frame)));
		this.handler.onRequest("prompt", (request) -> {
			CompletableFuture<JsonNode> buffers = this.connection.request("buffers", null, Duration.ofMinutes(5));
			return CompletableFuture.completedFuture(buffers.join());
		});
		request(1, "prompt");
		JsonNode buffers = sent.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
		assertThat(buffers.get("method").stringValue()).isEqualTo("buffers");

		notification("$/cancel_request", "{\"requestId\":1}");

		JsonNode first = sent.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
		JsonNode second = sent.poll(WAIT.toSeconds(), TimeUnit.SECONDS);
		assertThat(first).as("the first message after the cancellation").isNotNull();
		assertThat(second).as("the second message after the cancellation").isNotNull();
		JsonNode cancel = first.has("method") ? first : second;
		JsonNode answer = first.has("method") ? second : first;
		assertThat(cancel.toString())
			.isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":{\"requestId\":"
					+ buffers.get("id") + "}}");
		assertThat(answer.at("/error/code").asInt()).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
	}

	@Test
	void anOutboundRequestUsesTheDefaultTimeoutOfTheFactory() {
		this.factory = new JsonRpcConnectionFactory(this.codec, this.executor, Duration.ofMillis(100),
				(connection) -> this.handler);
		this.connection = this.factory.open("test", this.sink);
		CompletableFuture<JsonNode> future = this.connection.request("slow/client", null);
		assertThat(future).failsWithin(WAIT)
			.withThrowableOfType(ExecutionException.class)
			.withCauseInstanceOf(TimeoutException.class);
	}

	@Test
	void responsesToUnknownIdsAreIgnoredAndNeverAnswered() {
		CompletableFuture<JsonNode> pending = this.connection.request("m", null);
		assertThat(this.sink.frames()).hasSize(1);
		receive("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
		receive("{\"jsonrpc\":\"2.0\",\"id\":null,\"result\":{}}");
		receive("{\"jsonrpc\":\"2.0\",\"id\":\"0\",\"result\":\"string id\"}");
		receive("{\"jsonrpc\":\"2.0\",\"id\":999,\"result\":{}}");
		receive("{\"jsonrpc\":\"2.0\",\"id\":999,\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
		receive("{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890123,\"result\":{}}");
		receive("{\"jsonrpc\":\"2.0\",\"id\":-1,\"result\":{}}");
		assertThat(this.sink.frames()).hasSize(1);
		assertThat(pending).isNotDone();
		receive("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":\"mine\"}");
		assertThat(pending).succeedsWithin(WAIT).isEqualTo(tree("\"mine\""));
		assertThat(this.sink.frames()).hasSize(1);
	}

	@Test
	void aMalformedResponseNeverAnswersAPeerRequestOfTheSameId() {
		CompletableFuture<Object> peerRequest = new CompletableFuture<>();
		this.handler.onRequest("session/prompt", (request) -> peerRequest);
		request(0, "session/prompt", "{\"sessionId\":\"s\"}");
		waiting().until(() -> this.handler.started.get() == 1);
		this.connection.request("fs/read_text_file", Map.of("path", "/a"));
		// the peer answers our request 0 with a malformed response
		receive("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}");
		peerRequest.complete("done");
		List<JsonNode> responses = this.sink.responsesTo("0");
		assertThat(responses).containsExactly(tree("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":\"done\"}"));
	}

	@Test
	void closeWaitsForInFlightRequestsToFinish() {
		CompletableFuture<Object> result = new CompletableFuture<>();
		this.handler.onRequest("slow", (request) -> result);
		request(1, "slow");
		waiting().until(() -> this.handler.started.get() == 1);
		CompletableFuture<Boolean> closing = CompletableFuture
			.supplyAsync(() -> this.factory.close(this.connection, Duration.ofSeconds(30)), this.executor);
		waiting().until(this.connection::isClosed);
		assertThat(closing).isNotDone();
		assertThat(this.handler.closed).hasValue(0);
		result.complete("finished");
		assertThat(closing).succeedsWithin(WAIT).isEqualTo(true);
		assertThat(this.sink.frames()).containsExactly(tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"finished\"}"));
		assertThat(this.handler.closed).hasValue(1);
		assertThat(this.factory.openConnections()).isEmpty();
	}

	@Test
	void closeAnswersRequestsStillRunningAfterTheDrainCancelledAndFailsPendingOutboundRequests() {
		CompletableFuture<Object> result = new CompletableFuture<>();
		AtomicBoolean cancelSeen = new AtomicBoolean();
		this.handler.onRequest("stuck", (request) -> {
			request.onCancel(() -> cancelSeen.set(true));
			return result;
		});
		request(1, "stuck");
		waiting().until(() -> this.handler.started.get() == 1);
		CompletableFuture<JsonNode> outbound = this.connection.request("client/method", null, Duration.ofMinutes(5));
		assertThat(this.factory.openConnections()).containsExactly(this.connection);
		boolean drained = this.factory.close(this.connection, Duration.ofMillis(100));
		assertThat(drained).isFalse();
		assertThat(cancelSeen).isTrue();
		assertThat(this.sink.responsesTo("1")).containsExactly(
				tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32800,\"message\":\"Request cancelled\"}}"));
		assertThat(outbound).failsWithin(WAIT)
			.withThrowableOfType(ExecutionException.class)
			.withCauseInstanceOf(IllegalStateException.class);
		assertThat(this.factory.openConnections()).isEmpty();
		assertThat(this.handler.closed).hasValue(1);
		result.complete("too late");
		assertThat(this.sink.responsesTo("1")).hasSize(1);
		// after close: requests are answered cancelled, outbound requests fail
		request(2, "stuck");
		assertThat(this.sink.responsesTo("2")).containsExactly(
				tree("{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32800,\"message\":\"Request cancelled\"}}"));
		assertThat(this.handler.started).hasValue(1);
		assertThat(this.connection.request("x", null)).isCompletedExceptionally();
		assertThat(this.connection.close(Duration.ofMillis(100))).isTrue();
		assertThat(this.handler.closed).hasValue(1);
	}

	@Test
	void aHandlerMayStillCallThePeerWhileTheConnectionDrains() {
		CompletableFuture<Object> result = new CompletableFuture<>();
		CountDownLatch started = latch();
		this.handler.onRequest("slow", (request) -> {
			started.countDown();
			return result;
		});
		request(1, "slow");
		awaitLatch(started);
		CompletableFuture<Boolean> closing = CompletableFuture
			.supplyAsync(() -> this.factory.close(this.connection, Duration.ofSeconds(30)), this.executor);
		// the close runs on another thread: wait for it to begin, then call the peer
		waiting().until(this.connection::isClosed);
		CompletableFuture<JsonNode> outbound = this.connection.request("client/method", null);
		assertThat(outbound).isNotDone();
		receive("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":\"answered\"}");
		assertThat(outbound).succeedsWithin(WAIT).isEqualTo(tree("\"answered\""));
		result.complete("finished");
		assertThat(closing).succeedsWithin(WAIT).isEqualTo(true);
	}

	@Test
	void atEndOfInputOutboundRequestsFailAtOnceWhileInboundOnesMayFinish() {
		CompletableFuture<Object> result = new CompletableFuture<>();
		this.handler.onRequest("slow", (request) -> result);
		request(1, "slow");
		CompletableFuture<JsonNode> pending = this.connection.request("client/method", null, Duration.ofMinutes(5));
		this.connection.inputEnded();
		assertThat(pending).isCompletedExceptionally();
		assertThat(this.connection.request("client/other", null)).isCompletedExceptionally();
		result.complete("finished");
		assertThat(this.sink.awaitResponse("1").get("result").stringValue()).isEqualTo("finished");
		assertThat(this.sink.frames().stream().filter((frame) -> frame.has("method"))).hasSize(1);
	}

	@Test
	void aHandlerThatFailsBecauseThePeerCanNoLongerAnswerIsAnsweredCancelled() {
		this.handler.onRequest("ask", (request) -> this.connection.request("client/ask", null));
		request(1, "ask");
		this.sink.awaitFrames(1);
		this.connection.inputEnded();
		assertThat(this.sink.awaitResponse("1").at("/error/code").asInt()).isEqualTo(-32800);
	}

	@Test
	void answersToOutboundRequestsCompleteOffTheReadingThreadSoAContinuationMayWaitForAnother() {
		CompletableFuture<JsonNode> first = this.connection.request("client/first", null);
		CompletableFuture<String> continuation = first.thenApply((answer) -> {
			JsonNode second = this.connection.request("client/second", null).join();
			return answer.stringValue() + "+" + second.stringValue() + " on " + Thread.currentThread().getName();
		});
		receive("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":\"a\"}");
		this.sink.awaitFrames(2);
		receive("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"b\"}");
		assertThat(continuation).succeedsWithin(WAIT)
			.asString()
			.startsWith("a+b on ")
			.doesNotEndWith(" on " + Thread.currentThread().getName());
	}

	@Test
	void requestsRefusedByAFullExecutorAreAnsweredBusyAndNotificationsStillRun() throws Exception {
		ThreadPoolExecutor bounded = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new SynchronousQueue<>());
		try {
			this.factory = new JsonRpcConnectionFactory(this.codec, bounded, this.executor, Duration.ofSeconds(30),
					(connection) -> this.handler);
			this.connection = this.factory.open("test", this.sink);
			CountDownLatch release = latch();
			CountDownLatch started = latch();
			CountDownLatch handled = latch();
			this.handler.onRequest("block", (request) -> {
				started.countDown();
				awaitLatch(release);
				return CompletableFuture.completedFuture("done");
			});
			this.handler.onNotification("n", (notification) -> handled.countDown());
			request(1, "block");
			awaitLatch(started);
			request(2, "block");
			JsonNode busy = this.sink.awaitResponse("2");
			assertThat(busy.at("/error/code").asInt()).isEqualTo(-32001);
			assertThat(this.factory.statistics().busyRefusals()).isEqualTo(1);
			notification("n", null);
			awaitLatch(handled);
			release.countDown();
			assertThat(this.sink.awaitResponse("1").get("result").stringValue()).isEqualTo("done");
		}
		finally {
			bounded.shutdownNow();
		}
	}

	@Test
	void requestsPastTheConnectionsInFlightBoundAreAnsweredBusyAtOnce() {
		CountDownLatch release = latch();
		this.handler.onRequest("block", (request) -> {
			awaitLatch(release);
			return CompletableFuture.completedFuture("done");
		});
		this.connection.setMaxInFlight(2);
		request(1, "block");
		request(2, "block");
		request(3, "block");
		assertThat(this.sink.awaitResponse("3").at("/error/code").asInt()).isEqualTo(-32001);
		assertThat(this.connection.statistics().busyRefusals()).isEqualTo(1);
		release.countDown();
		assertThat(this.sink.awaitResponse("1").get("result").stringValue()).isEqualTo("done");
		assertThat(this.sink.awaitResponse("2").get("result").stringValue()).isEqualTo("done");
	}

	@Test
	void aRequestSentAsSoonAsAnAnswerArrivesIsNotRefusedAsBusy() throws InterruptedException {
		List<byte[]> answers = new CopyOnWriteArrayList<>();
		CountDownLatch bothAnswered = new CountDownLatch(2);
		JsonRpcConnection[] opened = new JsonRpcConnection[1];
		// a client that sends its next request the moment it reads an answer
		JsonRpcConnection connection = this.factory.open("test", (frame) -> {
			answers.add(frame);
			bothAnswered.countDown();
			if (answers.size() == 1) {
				byte[] next = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"echo\",\"params\":{}}"
					.getBytes(StandardCharsets.UTF_8);
				opened[0].receive(next, 0, next.length);
			}
		});
		opened[0] = connection;
		connection.setMaxInFlight(1);
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("done"));
		byte[] first = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{}}"
			.getBytes(StandardCharsets.UTF_8);
		connection.receive(first, 0, first.length);
		assertThat(bothAnswered.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		assertThat(this.factory.close(connection, WAIT)).isTrue();
		assertThat(answers).extracting((answer) -> new String(answer, StandardCharsets.UTF_8))
			.containsExactly("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"done\"}",
					"{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":\"done\"}");
	}

	@Test
	void closeWithNothingInFlightDrainsAtOnce() {
		assertThat(this.connection.isClosed()).isFalse();
		assertThat(this.factory.close(this.connection, Duration.ofMinutes(5))).isTrue();
		assertThat(this.connection.isClosed()).isTrue();
		assertThat(this.handler.closed).hasValue(1);
		assertThat(this.sink.frames()).isEmpty();
	}

	@Test
	void notifyWritesANotificationFrame() {
		this.connection.notify("session/update", Map.of("sessionId", "s1"));
		assertThat(this.sink.frames()).containsExactly(
				tree("{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"s1\"}}"));
	}

	@Test
	void eachConnectionGetsItsOwnHandlerAndId() {
		List<JsonRpcConnection> seen = new CopyOnWriteArrayList<>();
		JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(this.codec, this.executor,
				Duration.ofSeconds(1), (connection) -> {
					seen.add(connection);
					return new TestHandler();
				});
		JsonRpcConnection a = factory.open("stdio", this.sink);
		JsonRpcConnection b = factory.open("websocket", this.sink);
		assertThat(seen).containsExactly(a, b);
		assertThat(a.id()).isNotEqualTo(b.id());
		assertThat(a.transport()).isEqualTo("stdio");
		assertThat(b.transport()).isEqualTo("websocket");
		assertThat(a.codec()).isSameAs(this.codec);
		assertThat(factory.openConnections()).containsExactlyInAnyOrder(a, b);
	}

	private static final class Unwritable {

		public String getValue() {
			throw new IllegalStateException("secret-detail-5");
		}

	}

	/**
	 * A handler configured per method.
	 */
	@Test
	void everyEventThatNoAnswerShowsIsCountedOnce() {
		receive("{not json");
		receive("{\"jsonrpc\":\"2.0\",\"method\":\"n\",\"params\":5}");
		this.connection.reject(JsonRpcError.invalidRequest("Too large"));
		this.connection.notify("n", null);
		JsonRpcStatistics statistics = this.factory.statistics();
		assertThat(statistics).isSameAs(this.connection.statistics());
		assertThat(statistics.parseErrors()).isEqualTo(2);
		assertThat(statistics.droppedNotifications()).isEqualTo(1);
		assertThat(statistics.sentNotifications()).isEqualTo(1);
		assertThat(statistics.cancellations()).isZero();
		assertThat(statistics.busyRefusals()).isZero();
	}

	static final class TestHandler implements JsonRpcHandler {

		final Map<String, Function<InboundRequest, CompletionStage<?>>> requests = new ConcurrentHashMap<>();

		final Map<String, Consumer<JsonRpcNotification>> notifications = new ConcurrentHashMap<>();

		final Set<String> inline = ConcurrentHashMap.newKeySet();

		final AtomicInteger started = new AtomicInteger();

		final AtomicInteger finished = new AtomicInteger();

		final AtomicInteger closed = new AtomicInteger();

		final List<String> givenUp = new CopyOnWriteArrayList<>();

		volatile Consumer<JsonRpcNotification> unknownNotification = (notification) -> {
		};

		volatile BiFunction<String, JsonNode, String> orderKeys = (method, params) -> null;

		@Override
		public String orderKey(String method, JsonNode params) {
			return this.orderKeys.apply(method, params);
		}

		void onRequest(String method, Function<InboundRequest, CompletionStage<?>> function) {
			this.requests.put(method, function);
		}

		void onNotification(String method, Consumer<JsonRpcNotification> consumer) {
			this.notifications.put(method, consumer);
		}

		@Override
		public CompletionStage<?> handleRequest(InboundRequest request) {
			this.started.incrementAndGet();
			try {
				Function<InboundRequest, CompletionStage<?>> function = this.requests.get(request.method());
				if (function == null) {
					return CompletableFuture
						.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(request.method())));
				}
				return function.apply(request);
			}
			finally {
				this.finished.incrementAndGet();
			}
		}

		@Override
		public void handleNotification(JsonRpcNotification notification) {
			this.notifications.getOrDefault(notification.method(), this.unknownNotification).accept(notification);
		}

		@Override
		public boolean isDispatchedInline(String method) {
			return this.inline.contains(method);
		}

		@Override
		public void connectionClosed() {
			this.closed.incrementAndGet();
		}

		@Override
		public void givenUp(InboundRequest request) {
			this.givenUp.add(request.method());
		}

	}

}

package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import dev.acp.spring.jsonrpc.InboundCallsTests.ManualExecutor;
import dev.acp.spring.jsonrpc.JsonRpcConnectionTests.TestHandler;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for what a {@link JsonRpcConnectionFactory} sets on, counts over and applies to
 * its connections, and for the rules of a connection around them: ordered answers, the
 * in-flight bound, the drain of a close, and a handler's defaults. Every executor is run
 * by the test, so nothing waits.
 */
class JsonRpcConnectionFactoryTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonRpcCodec codec = new JsonRpcCodec(this.mapper);

	private final CapturingSink sink = new CapturingSink(this.mapper);

	private final TestHandler handler = new TestHandler();

	private final ManualExecutor threads = new ManualExecutor();

	private final ManualExecutor control = new ManualExecutor();

	@AfterEach
	void clearInterrupt() {
		Thread.interrupted();
	}

	private JsonRpcConnectionFactory factory(Executor controlExecutor, JsonRpcHandler handler) {
		return new JsonRpcConnectionFactory(this.codec, this.threads, controlExecutor, Duration.ofSeconds(30),
				(connection) -> handler);
	}

	private static void receive(JsonRpcConnection connection, String json) {
		byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
		connection.receive(bytes, 0, bytes.length);
	}

	private static void request(JsonRpcConnection connection, Object id, String method) {
		receive(connection, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\"}");
	}

	private static void answer(JsonRpcConnection connection, JsonNode request, String result) {
		receive(connection, "{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":\"" + result + "\"}");
	}

	private int answerCode(Object id) {
		List<JsonNode> answers = this.sink.responsesTo(String.valueOf(id));
		assertThat(answers).hasSize(1);
		return answers.get(0).at("/error/code").asInt();
	}

	@Test
	void orderedAnswersWaitForTheNotificationsReceivedBeforeThem() {
		List<String> events = new CopyOnWriteArrayList<>();
		this.handler.onNotification("tick", (notification) -> events.add("tick"));
		JsonRpcConnectionFactory factory = factory(this.control, this.handler);
		factory.setOrderedAnswers(true);
		JsonRpcConnection connection = factory.open("test", this.sink);
		receive(connection, "{\"jsonrpc\":\"2.0\",\"method\":\"tick\"}");
		CompletableFuture<JsonNode> call = connection.request("fs/read_text_file", null);
		call.thenRun(() -> events.add("answer"));
		answer(connection, this.sink.frame(0), "ok");
		assertThat(call).isNotDone();
		this.control.runNext();
		assertThat(events).containsExactly("tick", "answer");
		assertThat(call.join().stringValue()).isEqualTo("ok");
		assertThat(this.control.size()).isZero();
	}

	@Test
	void anAnswerTheControlExecutorRefusesCompletesItsRequestOnTheReadingThread() {
		Executor refusing = (task) -> {
			throw new RejectedExecutionException("refused");
		};
		JsonRpcConnectionFactory factory = factory(refusing, this.handler);
		factory.setOrderedAnswers(true);
		JsonRpcConnection connection = factory.open("test", this.sink);
		CompletableFuture<JsonNode> call = connection.request("fs/read_text_file", null);
		answer(connection, this.sink.frame(0), "ok");
		assertThat(call).isCompleted();
		assertThat(call.join().stringValue()).isEqualTo("ok");
	}

	@Test
	void theFactoryCountsItsOpenConnectionsAndTheirRequestsInFlight() {
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
		JsonRpcConnectionFactory factory = factory(Runnable::run, this.handler);
		JsonRpcConnection first = factory.open("test", this.sink);
		JsonRpcConnection second = factory.open("test", this.sink);
		request(first, 1, "echo");
		request(second, 2, "echo");
		request(second, 3, "echo");
		assertThat(factory.openConnectionCount()).isEqualTo(2);
		assertThat(factory.inFlightRequests()).isEqualTo(3);
		factory.close(second, Duration.ZERO);
		assertThat(factory.openConnectionCount()).isOne();
		assertThat(factory.inFlightRequests()).isOne();
	}

	@Test
	void theFactoryAppliesTheRequestTimeoutToEveryOpenConnection() {
		this.handler.inline.add("hang");
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		JsonRpcConnectionFactory factory = factory(Runnable::run, this.handler);
		request(factory.open("test", this.sink), 1, "hang");
		request(factory.open("test", this.sink), 2, "hang");
		factory.expireRequests(Duration.ZERO);
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.INTERNAL_ERROR);
		assertThat(answerCode(2)).isEqualTo(JsonRpcError.INTERNAL_ERROR);
		assertThat(factory.inFlightRequests()).isZero();
	}

	@Test
	void aCloseWhoseDrainEndsWithARequestUnansweredReportsItAndAnswersItCancelled() {
		this.handler.inline.add("hang");
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		JsonRpcConnectionFactory factory = factory(Runnable::run, this.handler);
		JsonRpcConnection connection = factory.open("test", this.sink);
		request(connection, 1, "hang");
		assertThat(factory.close(connection, Duration.ZERO)).isFalse();
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
	}

	@Test
	void anInterruptedCloseStopsDrainingReportsUnfinishedAndKeepsTheInterrupt() {
		this.handler.inline.add("hang");
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		JsonRpcConnectionFactory factory = factory(Runnable::run, this.handler);
		JsonRpcConnection connection = factory.open("test", this.sink);
		request(connection, 1, "hang");
		Thread.currentThread().interrupt();
		assertThat(factory.close(connection, Duration.ofDays(1))).isFalse();
		assertThat(Thread.interrupted()).isTrue();
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
	}

	@Test
	void anInFlightBoundOfZeroMeansNoBound() {
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
		JsonRpcConnection connection = factory(Runnable::run, this.handler).open("test", this.sink);
		connection.setMaxInFlight(0);
		request(connection, 1, "echo");
		request(connection, 2, "echo");
		assertThat(this.threads.size()).isEqualTo(2);
		assertThat(this.sink.frames()).isEmpty();
	}

	@Test
	void requestsWaitingOnDifferentOrderKeysAreCountedTogether() {
		this.handler.orderKeys = (method, params) -> params.get("key").stringValue();
		this.handler.inline.add("hang");
		this.handler.onRequest("hang", (request) -> new CompletableFuture<>());
		JsonRpcConnection connection = factory(Runnable::run, this.handler).open("test", this.sink);
		for (int id = 1; id <= 3; id++) {
			receive(connection, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"hang\",\"params\":{\"key\":\""
					+ ((id == 1) ? "a" : "b") + "\"}}");
		}
		assertThat(connection.orderedRequests()).isEqualTo(3);
	}

	@Test
	void theHandlerIsToldOfANotificationOnArrivalBeforeItsTurnComes() {
		DefaultsHandler defaults = new DefaultsHandler();
		JsonRpcConnection connection = factory(this.control, defaults).open("test", this.sink);
		receive(connection, "{\"jsonrpc\":\"2.0\",\"method\":\"tick\"}");
		assertThat(defaults.events).containsExactly("arrived tick");
		this.control.runNext();
		assertThat(defaults.events).containsExactly("arrived tick", "handled tick");
	}

	@Test
	void aHandlerWithTheDefaultsRunsEachRequestOnTheExecutorWithoutOrder() {
		DefaultsHandler defaults = new DefaultsHandler();
		JsonRpcConnection connection = factory(Runnable::run, defaults).open("test", this.sink);
		request(connection, 1, "echo");
		request(connection, 2, "echo");
		assertThat(this.threads.size()).isEqualTo(2);
		assertThat(this.sink.frames()).isEmpty();
		assertThat(connection.orderedRequests()).isZero();
	}

	@Test
	void aConnectionClosedAnywhereInTheCausesIsFoundAndASelfCausedFailureEndsTheSearch() {
		assertThat(JsonRpcConnectionClosedException
			.isCause(new IllegalStateException(new RuntimeException(new JsonRpcConnectionClosedException())))).isTrue();
		assertThat(JsonRpcConnectionClosedException.isCause(new SelfCaused())).isFalse();
		assertThat(JsonRpcConnectionClosedException.isCause(new IllegalStateException("other"))).isFalse();
	}

	/**
	 * A failure that names itself its cause (the JDK's own never does).
	 */
	static final class SelfCaused extends RuntimeException {

		@Override
		public synchronized Throwable getCause() {
			return this;
		}

	}

	/**
	 * A handler that keeps every default of {@link JsonRpcHandler}.
	 */
	static final class DefaultsHandler implements JsonRpcHandler {

		final List<String> events = new CopyOnWriteArrayList<>();

		@Override
		public CompletionStage<?> handleRequest(InboundRequest request) {
			return CompletableFuture.completedFuture("echoed");
		}

		@Override
		public void notificationReceived(JsonRpcNotification notification) {
			this.events.add("arrived " + notification.method());
		}

		@Override
		public void handleNotification(JsonRpcNotification notification) {
			this.events.add("handled " + notification.method());
		}

	}

}

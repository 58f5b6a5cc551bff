package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.acp.spring.jsonrpc.InboundCallsTests.ManualExecutor;
import dev.acp.spring.jsonrpc.JsonRpcConnectionTests.TestHandler;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Tests for the time limits of inbound requests ({@link InboundCalls#expire}): what is
 * left alone within them, what is answered, signalled and given up on past them, and when
 * an order key is passed on. No test waits: a limit is either zero (past at once) or
 * {@link #withinLimit}, the reading of {@link System#nanoTime()} when the test starts,
 * longer than the test runs (the machine has been up longer than that) yet shorter than
 * the sum of two readings of the clock.
 */
@ExtendWith(OutputCaptureExtension.class)
class InboundTimeLimitsTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonRpcCodec codec = new JsonRpcCodec(this.mapper);

	private final CapturingSink sink = new CapturingSink(this.mapper);

	private final TestHandler handler = new TestHandler();

	private final ManualExecutor threads = new ManualExecutor();

	private final JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(this.codec, this.threads,
			Runnable::run, Duration.ofSeconds(30), (connection) -> this.handler);

	private final JsonRpcConnection connection = this.factory.open("test", this.sink);

	private final AtomicReference<InboundRequest> first = new AtomicReference<>();

	private Duration withinLimit = Duration.ZERO;

	@BeforeEach
	void limitLongerThanTheTest() {
		long now = System.nanoTime();
		assumeThat(now).isGreaterThan(Duration.ofMinutes(1).toNanos());
		this.withinLimit = Duration.ofNanos(now);
		this.handler.orderKeys = (method, params) -> "session";
		this.handler.inline.add("hang");
		this.handler.inline.add("echo");
		this.handler.onRequest("echo", (request) -> CompletableFuture.completedFuture("echoed"));
	}

	@AfterEach
	void clearInterrupt() {
		Thread.interrupted();
	}

	private void request(Object id, String method) {
		byte[] bytes = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\"}")
			.getBytes(StandardCharsets.UTF_8);
		this.connection.receive(bytes, 0, bytes.length);
	}

	private void hangWith(Consumer<InboundRequest> atStart) {
		this.handler.onRequest("hang", (request) -> {
			this.first.compareAndSet(null, request);
			atStart.accept(request);
			return new CompletableFuture<>();
		});
	}

	private int answerCode(Object id) {
		List<JsonNode> answers = this.sink.responsesTo(String.valueOf(id));
		assertThat(answers).hasSize(1);
		return answers.get(0).at("/error/code").asInt();
	}

	private boolean echoed() {
		List<JsonNode> answers = this.sink.responsesTo("2");
		return answers.size() == 1 && "echoed".equals(answers.get(0).get("result").stringValue());
	}

	@Test
	void aHandlerWithinItsTimeoutIsLeftAlone() {
		hangWith((request) -> {
		});
		request(1, "hang");
		assertThat(this.connection.expireRequests(this.withinLimit, this.withinLimit)).isZero();
		assertThat(this.sink.frames()).isEmpty();
		assertThat(this.first.get().isCancelled()).isFalse();
	}

	@Test
	void aHandlerPastTheTimeoutIsAnsweredSignalledAndGivenUpOn() {
		hangWith((request) -> {
		});
		request(1, "hang");
		request(2, "echo");
		assertThat(echoed()).isFalse();
		assertThat(this.connection.expireRequests(Duration.ZERO, this.withinLimit)).isOne();
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.INTERNAL_ERROR);
		assertThat(this.first.get().isCancelled()).isTrue();
		assertThat(this.handler.givenUp).containsExactly("hang");
		assertThat(echoed()).isTrue();
	}

	@Test
	void aCancelledHandlerIsLeftAloneWithinTheGracePeriodAndAnsweredPastIt() {
		hangWith((request) -> {
		});
		request(1, "hang");
		this.connection.signalCancellation("session");
		assertThat(this.connection.expireRequests(this.withinLimit, this.withinLimit)).isZero();
		assertThat(this.sink.frames()).isEmpty();
		assertThat(this.connection.expireRequests(this.withinLimit, Duration.ZERO)).isOne();
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		assertThat(this.handler.givenUp).containsExactly("hang");
	}

	@Test
	void aRequestWithinItsOwnLimitIsLeftAlone() {
		hangWith((request) -> request.cancelAfter(Duration.ofDays(1)));
		request(1, "hang");
		assertThat(this.connection.expireRequests(this.withinLimit, this.withinLimit)).isZero();
		assertThat(this.sink.frames()).isEmpty();
		assertThat(this.first.get().isCancelled()).isFalse();
	}

	@Test
	void aRequestPastItsOwnLimitHoldsItsOrderKeyUntilItsGracePeriodEnds() {
		hangWith((request) -> request.cancelAfter(Duration.ZERO));
		request(1, "hang");
		request(2, "echo");
		assertThat(this.connection.expireRequests(this.withinLimit, this.withinLimit)).isOne();
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		assertThat(echoed()).isFalse();
		assertThat(this.connection.orderedRequests()).isEqualTo(2);
		assertThat(this.connection.expireRequests(this.withinLimit, Duration.ZERO)).isZero();
		assertThat(echoed()).isTrue();
		assertThat(this.handler.givenUp).containsExactly("hang");
		assertThat(this.connection.orderedRequests()).isZero();
	}

	@Test
	void anAcknowledgedHandlerWithinItsLimitsIsLeftAlone() {
		hangWith((request) -> {
			request.cancelAfter(Duration.ofDays(1));
			request.acknowledge("accepted");
		});
		request(1, "hang");
		request(2, "echo");
		assertThat(this.connection.expireRequests(this.withinLimit, this.withinLimit)).isZero();
		assertThat(this.first.get().isCancelled()).isFalse();
		assertThat(echoed()).isFalse();
	}

	@Test
	void anAcknowledgedHandlerPastTheTimeoutIsSignalledThenGivenUpOnPastTheGracePeriod() {
		hangWith((request) -> request.acknowledge("accepted"));
		request(1, "hang");
		request(2, "echo");
		assertThat(this.connection.expireRequests(Duration.ZERO, this.withinLimit)).isZero();
		assertThat(this.first.get().isCancelled()).isTrue();
		assertThat(echoed()).isFalse();
		assertThat(this.connection.expireRequests(Duration.ZERO, this.withinLimit)).isZero();
		assertThat(echoed()).isFalse();
		assertThat(this.connection.expireRequests(Duration.ZERO, Duration.ZERO)).isZero();
		assertThat(echoed()).isTrue();
		assertThat(this.handler.givenUp).containsExactly("hang");
		assertThat(this.sink.frames()).hasSize(2);
	}

	@Test
	void aHandlerGivenUpOnIsInterruptedAgainAndWhatItSendsIsDroppedWithOneWarning(CapturedOutput output) {
		List<Boolean> interruptedWhenGivenUp = new CopyOnWriteArrayList<>();
		List<Integer> expired = new CopyOnWriteArrayList<>();
		this.handler.orderKeys = (method, params) -> null;
		this.handler.onRequest("turn", (request) -> {
			request.signalCancellation();
			Thread.interrupted();
			expired.add(request.connection().expireRequests(this.withinLimit, Duration.ZERO));
			interruptedWhenGivenUp.add(Thread.interrupted());
			request.connection().notify("session/update", null);
			request.connection().notify("session/update", null);
			return CompletableFuture.completedFuture("late");
		});
		request(1, "turn");
		this.threads.runNext();
		assertThat(expired).containsExactly(1);
		assertThat(interruptedWhenGivenUp).containsExactly(true);
		assertThat(this.sink.frames()).hasSize(1);
		assertThat(answerCode(1)).isEqualTo(JsonRpcError.REQUEST_CANCELLED);
		String log = output.getAll();
		assertThat(log.split("Dropping a message the handler of 'turn'", -1)).hasSize(2);
	}

}

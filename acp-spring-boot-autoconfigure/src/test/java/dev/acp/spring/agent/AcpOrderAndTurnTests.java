package dev.acp.spring.agent;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the order the agent keeps on one connection: notifications before what follows
 * them, one prompt turn per session, cancellation owned by the starter, and params that
 * ACP allows.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpOrderAndTurnTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	private static String prompt(int id, String sessionId, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	private static String cancel(String sessionId) {
		return "{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + sessionId + "\"}}";
	}

	@Test
	void eventsSentBeforeASummaryAreAlwaysCountedByIt() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			for (int i = 1; i <= 10_000; i++) {
				peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_order.test/event\",\"params\":{}}");
				JsonNode answer = peer.call(i, "_order.test/count", "{}");
				assertThat(answer.at("/result/count").asInt()).as("summary %d", i).isEqualTo(i);
			}
		});
	}

	@Test
	void aRequestWaitsForASlowNotificationReceivedBeforeIt() {
		this.contextRunner.run((context) -> {
			Counter counter = context.getBean(Counter.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_order.test/slowEvent\",\"params\":{}}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_order.test/count\",\"params\":{}}");
			counter.gate.countDown();
			assertThat(peer.next().at("/result/count").asInt()).isEqualTo(1);
		});
	}

	@Test
	void promptsOfOneSessionRunOneAtATimeAndOtherSessionsRunConcurrently() {
		this.contextRunner.run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send(prompt(1, "s1", "hold-a"));
			peer.send(prompt(2, "s1", "quick-b"));
			peer.send(prompt(3, "s2", "quick-c"));
			JsonNode first = peer.next();
			assertThat(first.get("id").asInt()).isEqualTo(3);
			prompts.gate("hold-a").countDown();
			assertThat(peer.next().get("id").asInt()).isEqualTo(1);
			assertThat(peer.next().get("id").asInt()).isEqualTo(2);
			assertThat(prompts.events).containsSubsequence("start hold-a", "end hold-a", "start quick-b");
		});
	}

	@Test
	void sessionCancelRightBehindThePromptCancelsTheTurn() {
		this.contextRunner.run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send(prompt(1, "s1", "ignore-a"));
			peer.send(cancel("s1"));
			prompts.gate("ignore-a").countDown();
			JsonNode answer = peer.next();
			assertThat(answer.get("id").asInt()).isEqualTo(1);
			assertThat(answer.at("/result/stopReason").asString()).isEqualTo("cancelled");
		});
	}

	@Test
	void aCancelledTurnAnswersCancelledWhateverTheHandlerReturns() {
		this.contextRunner.run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send(prompt(1, "s1", "ignore-a"));
			assertThat(prompts.started.await(10, TimeUnit.SECONDS)).isTrue();
			peer.send(cancel("s1"));
			prompts.gate("ignore-a").countDown();
			JsonNode answer = peer.next();
			assertThat(answer.at("/result/stopReason").asString()).isEqualTo("cancelled");
			assertThat(prompts.cancelledSeen).containsExactly("ignore-a");
			assertThat(prompts.events).contains("end ignore-a");
		});
	}

	@Test
	void sessionCancelInterruptsAHandlerBlockedInItsTurnAndRunsItsCallback() {
		this.contextRunner.run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send(prompt(1, "s1", "hold-a"));
			assertThat(prompts.started.await(10, TimeUnit.SECONDS)).isTrue();
			peer.send(cancel("s1"));
			JsonNode answer = peer.next();
			assertThat(answer.at("/result/stopReason").asString()).isEqualTo("cancelled");
			assertThat(prompts.events).contains("interrupted hold-a", "callback hold-a");
		});
	}

	@Test
	void aQueuedPromptCancelledBeforeItStartsNeverReachesTheHandler() {
		this.contextRunner.run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send(prompt(1, "s1", "hold-a"));
			peer.send(prompt(2, "s1", "quick-b"));
			peer.send(cancel("s1"));
			assertThat(peer.next().at("/result/stopReason").asString()).isEqualTo("cancelled");
			assertThat(peer.next().at("/result/stopReason").asString()).isEqualTo("cancelled");
			assertThat(prompts.events).doesNotContain("start quick-b");
			peer.send(prompt(3, "s1", "quick-c"));
			assertThat(peer.next().at("/result/stopReason").asString()).isEqualTo("end_turn");
		});
	}

	@Test
	void aCancelledTurnWhoseHandlerIgnoresTheCancelIsAnsweredAtTheGracePeriodAndTheNextTurnRuns() {
		this.contextRunner.withPropertyValues("acp.cancel-grace-period=200ms").run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send(prompt(1, "s1", "ignore-late-a"));
			assertThat(prompts.started.await(10, TimeUnit.SECONDS)).isTrue();
			peer.send(cancel("s1"));
			peer.send(prompt(2, "s1", "quick-b"));
			JsonNode cancelled = peer.next();
			assertThat(cancelled.get("id").asInt()).isOne();
			assertThat(cancelled.at("/result/stopReason").asString()).isEqualTo("cancelled");
			JsonNode next = peer.next();
			assertThat(next.get("id").asInt()).isEqualTo(2);
			assertThat(next.at("/result/stopReason").asString()).isEqualTo("end_turn");
			// the old handler is still stuck; what it sends once it wakes up is dropped
			assertThat(prompts.events).contains("end quick-b").doesNotContain("end ignore-late-a");
			prompts.gate("ignore-late-a").countDown();
			assertThat(prompts.ended.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(peer.call(3, "_order.test/count", "{}").get("id").asInt()).isEqualTo(3);
		});
	}

	@Test
	void aTurnPastTheMaxPromptDurationIsAnsweredCancelledAndItsHandlerInterrupted() {
		this.contextRunner.withPropertyValues("acp.max-prompt-duration=100ms").run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send(prompt(1, "s1", "hold-a"));
			JsonNode answer = peer.next();
			assertThat(answer.get("id").asInt()).isOne();
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32800);
			assertThat(answer.at("/error/data").asString()).contains("time limit");
			peer.send(prompt(2, "s1", "quick-b"));
			assertThat(peer.next().at("/result/stopReason").asString()).isEqualTo("end_turn");
			assertThat(prompts.events).containsSubsequence("start hold-a", "callback hold-a", "interrupted hold-a",
					"start quick-b");
		});
	}

	@Test
	void cancelRequestInterruptsTheHandlerOfTheRequest() {
		this.contextRunner.run((context) -> {
			Counter counter = context.getBean(Counter.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"_order.test/block\",\"params\":{}}");
			assertThat(counter.blocked.await(10, TimeUnit.SECONDS)).isTrue();
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":{\"requestId\":\"b\"}}");
			assertThat(peer.next().at("/error/code").asInt()).isEqualTo(-32800);
			assertThat(counter.interrupted.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(peer.call(2, "_order.test/count", "{}").at("/result/count").asInt()).isZero();
		});
	}

	@Test
	void aHandlerWaitingOnTheClientServesTheClientsCallBackMeanwhile() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"_meta\":{\"client.test\":{}}}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_order.test/outer\",\"params\":{}}");
			JsonNode ask = peer.next();
			assertThat(ask.get("method").asString()).isEqualTo("_client.test/ask");
			JsonNode inner = peer.call(2, "_order.test/echo", "{\"inner\":true}");
			assertThat(inner.at("/result/inner").asBoolean()).isTrue();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + ask.get("id") + ",\"result\":{\"answer\":42}}");
			assertThat(peer.next().at("/result/answer").asInt()).isEqualTo(42);
		});
	}

	@Test
	void arrayParamsAreInvalidParamsAndNullParamsAnInvalidRequest() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode array = peer.call(1, "_order.test/echo", "[1,2]");
			assertThat(array.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(array.at("/error/data/errors/0/field").asString()).isEqualTo("params");
			JsonNode nullParams = peer.call(2, "_order.test/echo", "null");
			assertThat(nullParams.get("id").asInt()).isEqualTo(2);
			assertThat(nullParams.at("/error/code").asInt()).isEqualTo(-32600);
			assertThat(peer.call(3, "_order.test/echo", "{\"a\":1}").at("/result/a").asInt()).isOne();
		});
	}

	@Test
	void typedCoreRequestsMissingARequiredFieldAreInvalidParamsNamingItBeforeTheHandlerRuns() {
		this.contextRunner.run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode noPrompt = peer.call(1, "session/prompt", "{\"sessionId\":\"s1\"}");
			assertThat(noPrompt.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(noPrompt.at("/error/data/errors/0/field").asString()).isEqualTo("prompt");
			assertThat(noPrompt.at("/error/data/errors/0/message").asString()).isEqualTo("is required");
			JsonNode nullPrompt = peer.call(2, "session/prompt", "{\"sessionId\":\"s1\",\"prompt\":null}");
			assertThat(nullPrompt.at("/error/data/errors/0/field").asString()).isEqualTo("prompt");
			JsonNode noCwd = peer.call(3, "session/new", "{\"mcpServers\":[]}");
			assertThat(noCwd.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(noCwd.at("/error/data/errors/0/field").asString()).isEqualTo("cwd");
			assertThat(prompts.events).isEmpty();
		});
	}

	@Test
	void notificationsWithParamsThatAreNotAnObjectAreDroppedUnanswered() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":42}");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":null}");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_order.test/event\",\"params\":[1]}");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_order.test/event\",\"params\":\"x\"}");
			JsonNode next = peer.call(1, "_order.test/count", "{}");
			assertThat(next.get("id").asInt()).isOne();
			assertThat(next.at("/result/count").asInt()).isZero();
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Counter counter() {
			return new Counter();
		}

		@Bean
		Prompts prompts() {
			return new Prompts();
		}

	}

	@AcpExtension("order.test")
	static class Counter {

		final AtomicInteger events = new AtomicInteger();

		final CountDownLatch gate = new CountDownLatch(1);

		final CountDownLatch blocked = new CountDownLatch(1);

		final CountDownLatch interrupted = new CountDownLatch(1);

		@AcpNotification("_order.test/event")
		void event(JsonNode params) {
			this.events.incrementAndGet();
		}

		@AcpNotification("_order.test/slowEvent")
		void slowEvent(JsonNode params) throws InterruptedException {
			this.gate.await(10, TimeUnit.SECONDS);
			this.events.incrementAndGet();
		}

		@AcpMethod("_order.test/count")
		Map<String, Integer> count() {
			return Map.of("count", this.events.get());
		}

		@AcpMethod("_order.test/echo")
		JsonNode echo(JsonNode params) {
			return params;
		}

		@AcpMethod("_order.test/outer")
		JsonNode outer(AcpRequestContext context) throws Exception {
			return context.client().request("_client.test/ask", Map.of(), JsonNode.class).get(10, TimeUnit.SECONDS);
		}

		@AcpMethod("_order.test/block")
		Map<String, Object> block() {
			this.blocked.countDown();
			try {
				Thread.sleep(10_000);
			}
			catch (InterruptedException ex) {
				this.interrupted.countDown();
			}
			return Map.of();
		}

	}

	static class Prompts {

		final List<String> events = new CopyOnWriteArrayList<>();

		final List<String> cancelledSeen = new CopyOnWriteArrayList<>();

		final CountDownLatch started = new CountDownLatch(1);

		final CountDownLatch ended = new CountDownLatch(1);

		private final Map<String, CountDownLatch> gates = new ConcurrentHashMap<>();

		CountDownLatch gate(String text) {
			return this.gates.computeIfAbsent(text, (key) -> new CountDownLatch(1));
		}

		@AcpMethod("session/new")
		NewSessionResponse newSession(NewSessionRequest request) {
			this.events.add("new " + request.cwd());
			return new NewSessionResponse("s1");
		}

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) {
			String text = request.text();
			this.events.add("start " + text);
			context.onCancel(() -> this.events.add("callback " + text));
			this.started.countDown();
			if (text.startsWith("hold")) {
				try {
					gate(text).await(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					this.events.add("interrupted " + text);
					throw new IllegalStateException("interrupted");
				}
			}
			if (text.startsWith("ignore")) {
				awaitUninterruptibly(gate(text));
				if (context.isCancelled()) {
					this.cancelledSeen.add(text);
				}
				if (text.startsWith("ignore-late")) {
					context.client().agentMessageChunk(request.sessionId(), "late");
				}
			}
			this.events.add("end " + text);
			this.ended.countDown();
			return new PromptResponse(StopReason.END_TURN);
		}

		private static void awaitUninterruptibly(CountDownLatch latch) {
			boolean interrupted = false;
			while (true) {
				try {
					latch.await(10, TimeUnit.SECONDS);
					break;
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}

	}

}

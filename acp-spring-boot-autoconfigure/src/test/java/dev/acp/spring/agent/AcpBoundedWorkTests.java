package dev.acp.spring.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpHandlerThreads;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the bound on work in flight: requests past the handler threads and their queue
 * are answered busy at once, while reading, notifications and non-blocking handlers go
 * on.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpBoundedWorkTests {

	private final ApplicationContextRunner defaults = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	private final ApplicationContextRunner contextRunner = this.defaults.withPropertyValues(
			"acp.handlers.max-threads=2", "acp.handlers.queue-capacity=3", "acp.handlers.max-threads-per-connection=2");

	@Test
	void requestsPastTheThreadsAndTheQueueAreAnsweredBusyAtOnceAndEverythingElseGoesOn() {
		this.contextRunner.run((context) -> {
			Work work = context.getBean(Work.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			for (int i = 1; i <= 20; i++) {
				peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"_work.test/block\",\"params\":{}}");
			}
			List<JsonNode> busy = new ArrayList<>();
			for (int i = 0; i < 15; i++) {
				busy.add(peer.next());
			}
			assertThat(busy).allSatisfy((answer) -> assertThat(answer.at("/error/code").asInt()).isEqualTo(-32001));
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_work.test/event\",\"params\":{}}");
			JsonNode echo = peer.call(100, "_work.test/echo", "{\"events\":true}");
			assertThat(echo.at("/result/events").asInt()).isOne();
			work.release.countDown();
			List<Integer> served = new ArrayList<>();
			for (int i = 0; i < 5; i++) {
				JsonNode answer = peer.next();
				assertThat(answer.at("/result/done").asBoolean()).isTrue();
				served.add(answer.get("id").asInt());
			}
			assertThat(served).containsExactlyInAnyOrder(1, 2, 3, 4, 5);
			assertThat(work.maxRunning).hasValueLessThanOrEqualTo(2);
		});
	}

	@Test
	void aHandlerThatNeverReturnsIsAnsweredAtTheRequestTimeoutAndItsThreadIsInterrupted() {
		this.contextRunner.withPropertyValues("acp.request-timeout=300ms").run((context) -> {
			Work work = context.getBean(Work.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_work.test/forever", "{}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32603);
			assertThat(answer.at("/error/data").asString()).contains("did not complete");
			assertThat(work.interrupted.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(peer.call(2, "_work.test/echo", "{}").has("result")).isTrue();
		});
	}

	@Test
	void anotherConnectionIsServedWhileOneHoldsItsShareOfThreadsAndHasMoreWaiting() {
		this.defaults.run((context) -> {
			Work work = context.getBean(Work.class);
			int share = context.getBean(AcpHandlerThreads.class).maxThreads() / 2;
			TestPeer greedy = new TestPeer(context);
			greedy.initialize("{}");
			for (int i = 1; i <= share + 10; i++) {
				greedy.send("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"_work.test/block\",\"params\":{}}");
			}
			// the greedy connection holds its whole share of threads
			assertThat(work.started.tryAcquire(share, 10, TimeUnit.SECONDS)).isTrue();
			TestPeer other = new TestPeer(context);
			other.initialize("{}");
			assertThat(other.call(1, "_work.test/ping", "{}").at("/result/pong").asBoolean()).isTrue();
			assertThat(work.running).hasValue(share);
			work.release.countDown();
			List<Integer> served = new ArrayList<>();
			for (int i = 1; i <= share + 10; i++) {
				JsonNode answer = greedy.next();
				assertThat(answer.at("/result/done").asBoolean()).isTrue();
				served.add(answer.get("id").asInt());
			}
			assertThat(served).hasSize(share + 10).doesNotHaveDuplicates();
			assertThat(work.maxRunning).hasValue(share);
		});
	}

	@Test
	void aConnectionPastItsShareOfThreadsWaitsInItsOwnQueueAsLongAsThereIsRoom() {
		this.contextRunner.withPropertyValues("acp.handlers.max-threads-per-connection=1").run((context) -> {
			Work work = context.getBean(Work.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			for (int i = 1; i <= 20; i++) {
				peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"_work.test/block\",\"params\":{}}");
			}
			List<Integer> busy = new ArrayList<>();
			for (int i = 0; i < 16; i++) {
				JsonNode answer = peer.next();
				assertThat(answer.at("/error/code").asInt()).isEqualTo(-32001);
				busy.add(answer.get("id").asInt());
			}
			assertThat(busy).doesNotContain(1, 2, 3, 4);
			work.release.countDown();
			List<Integer> served = new ArrayList<>();
			for (int i = 0; i < 4; i++) {
				JsonNode answer = peer.next();
				assertThat(answer.at("/result/done").asBoolean()).isTrue();
				served.add(answer.get("id").asInt());
			}
			assertThat(served).containsExactly(1, 2, 3, 4);
			assertThat(work.maxRunning).hasValue(1);
		});
	}

	@Test
	void handlersRunOnVirtualThreadsByDefaultFromJava21() {
		boolean java21 = Runtime.version().feature() >= 21;
		this.defaults.run((context) -> {
			AcpHandlerThreads threads = context.getBean(AcpHandlerThreads.class);
			assertThat(threads.isVirtual()).isEqualTo(java21);
			assertThat(threads.maxThreads()).isEqualTo(java21 ? 4096 : 256);
		});
		this.defaults.withPropertyValues("acp.handlers.virtual-threads=false").run((context) -> {
			AcpHandlerThreads threads = context.getBean(AcpHandlerThreads.class);
			assertThat(threads.isVirtual()).isFalse();
			assertThat(threads.maxThreads()).isEqualTo(256);
		});
		this.defaults.withPropertyValues("spring.threads.virtual.enabled=false")
			.run((context) -> assertThat(context.getBean(AcpHandlerThreads.class).isVirtual()).isFalse());
	}

	@Test
	void theHandlerThreadsFollowTheirProperties() {
		this.contextRunner.run((context) -> {
			AcpHandlerThreads threads = context.getBean(AcpHandlerThreads.class);
			assertThat(threads.maxThreads()).isEqualTo(2);
			assertThat(threads.executor()).hasFieldOrPropertyWithValue("maxThreads", 2)
				.hasFieldOrPropertyWithValue("queueCapacity", 3);
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Work work() {
			return new Work();
		}

	}

	@AcpExtension("work.test")
	static class Work {

		final CountDownLatch release = new CountDownLatch(1);

		final AtomicInteger events = new AtomicInteger();

		final AtomicInteger running = new AtomicInteger();

		final AtomicInteger maxRunning = new AtomicInteger();

		final Semaphore started = new Semaphore(0);

		@AcpMethod("_work.test/block")
		Map<String, Object> block() throws InterruptedException {
			this.maxRunning.accumulateAndGet(this.running.incrementAndGet(), Math::max);
			this.started.release();
			try {
				this.release.await(10, TimeUnit.SECONDS);
				return Map.of("done", true);
			}
			finally {
				this.running.decrementAndGet();
			}
		}

		final CountDownLatch interrupted = new CountDownLatch(1);

		@AcpMethod("_work.test/forever")
		Map<String, Object> forever() {
			try {
				new CountDownLatch(1).await();
			}
			catch (InterruptedException ex) {
				this.interrupted.countDown();
			}
			return Map.of("late", true);
		}

		@AcpMethod("_work.test/ping")
		Map<String, Object> ping() {
			return Map.of("pong", true);
		}

		@AcpNotification("_work.test/event")
		void event(JsonNode params) {
			this.events.incrementAndGet();
		}

		@AcpMethod(value = "_work.test/echo", nonBlocking = true)
		Map<String, Object> echo(JsonNode params) {
			return Map.of("events", this.events.get());
		}

	}

}

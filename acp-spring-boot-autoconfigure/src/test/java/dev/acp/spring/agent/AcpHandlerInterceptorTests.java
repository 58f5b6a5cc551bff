package dev.acp.spring.agent;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.annotation.AcpControllerAdvice;
import dev.acp.spring.annotation.AcpExceptionHandler;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpHandlerInterceptor;
import dev.acp.spring.method.AcpInterceptorChain;
import dev.acp.spring.method.AcpRequestContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link AcpHandlerInterceptor} beans around handler calls, served end to end.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpHandlerInterceptorTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void interceptorsRunInTheirOrderAroundRequestsAndNotifications() {
		this.contextRunner.withUserConfiguration(OrderedInterceptors.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			Journal journal = context.getBean(Journal.class);
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_audit.dev/event\",\"params\":{}}");
			assertThat(peer.call(1, "_audit.dev/hello", "{}").at("/result/hello").asString()).isEqualTo("world");
			assertThat(journal.entries).containsExactly("outer before _audit.dev/event",
					"inner before _audit.dev/event", "handler _audit.dev/event", "inner after _audit.dev/event",
					"outer after _audit.dev/event", "outer before _audit.dev/hello", "inner before _audit.dev/hello",
					"handler _audit.dev/hello", "inner after _audit.dev/hello", "outer after _audit.dev/hello");
		});
	}

	@Test
	void anInterceptorSeesMethodIdParamsMetaSessionAndConnection() {
		this.contextRunner.withUserConfiguration(CapturingInterceptor.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.call(7, "_audit.dev/hello", "{\"sessionId\":\"sess_1\",\"_meta\":{\"tenant\":\"acme\"}}");
			AcpRequestContext seen = context.getBean(CapturingInterceptor.class).seen;
			assertThat(seen.method()).isEqualTo("_audit.dev/hello");
			assertThat(seen.requestId().asInt()).isEqualTo(7);
			assertThat(seen.params().get("sessionId").asString()).isEqualTo("sess_1");
			assertThat(seen.sessionId()).isEqualTo("sess_1");
			assertThat(seen.meta()).containsEntry("tenant", "acme");
			assertThat(seen.connection().clientInfo().name()).isEqualTo("test-client");
			assertThat(seen.isNotification()).isFalse();
		});
	}

	@Test
	void anInterceptorShortCircuitsWithAResult() {
		this.contextRunner.withUserConfiguration(TenantInterceptor.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_audit.dev/hello", "{\"_meta\":{\"tenant\":\"cached\"}}");
			assertThat(answer.get("result").toString()).isEqualTo("{\"cached\":true}");
			assertThat(context.getBean(Journal.class).entries).isEmpty();
		});
	}

	@Test
	void anInterceptorShortCircuitsWithAnError() {
		this.contextRunner.withUserConfiguration(TenantInterceptor.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_audit.dev/hello", "{\"_meta\":{\"tenant\":\"blocked\"}}");
			assertThat(answer.get("error").toString())
				.isEqualTo("{\"code\":-32000,\"message\":\"Tenant not allowed\",\"data\":\"blocked\"}");
			peer.send(
					"{\"jsonrpc\":\"2.0\",\"method\":\"_audit.dev/event\",\"params\":{\"_meta\":{\"tenant\":\"blocked\"}}}");
			assertThat(peer.call(2, "_audit.dev/hello", "{}").at("/result/hello").asString()).isEqualTo("world");
			assertThat(context.getBean(Journal.class).entries).containsExactly("handler _audit.dev/hello");
		});
	}

	@Test
	void anInterceptorWaitsForTheCompletionStageOfTheHandler() {
		this.contextRunner.withUserConfiguration(OrderedInterceptors.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			Journal journal = context.getBean(Journal.class);
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_audit.dev/later\",\"params\":{}}");
			assertThat(journal.started.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(journal.entries).containsExactly("outer before _audit.dev/later",
					"inner before _audit.dev/later", "handler _audit.dev/later");
			journal.later.complete(Map.of("later", true));
			assertThat(peer.next().at("/result/later").asBoolean()).isTrue();
			assertThat(journal.entries).endsWith("inner after _audit.dev/later", "outer after _audit.dev/later");
		});
	}

	@Test
	void anInterceptorMayChangeTheResultOfACompletionStage() {
		this.contextRunner.withUserConfiguration(WrappingInterceptor.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			Journal journal = context.getBean(Journal.class);
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_audit.dev/later\",\"params\":{}}");
			assertThat(journal.started.await(10, TimeUnit.SECONDS)).isTrue();
			journal.later.complete(Map.of("later", true));
			assertThat(peer.next().get("result").toString()).isEqualTo("{\"wrapped\":{\"later\":true}}");
		});
	}

	@Test
	void anInterceptorSeesTheHandlersExceptionAsThrownAndTheAdviceMapsWhatItThrows() {
		this.contextRunner.withUserConfiguration(FailureObservingInterceptor.class, DeniedAdvice.class)
			.run((context) -> {
				TestPeer peer = new TestPeer(context);
				peer.initialize("{}");
				JsonNode boom = peer.call(1, "_audit.dev/boom", "{}");
				assertThat(boom.at("/error/code").asInt()).isEqualTo(-32603);
				assertThat(context.getBean(FailureObservingInterceptor.class).failures)
					.containsExactly(IllegalStateException.class.getName() + ": boom");
				JsonNode denied = peer.call(2, "_audit.dev/hello", "{\"_meta\":{\"deny\":true}}");
				assertThat(denied.get("error").toString()).isEqualTo("{\"code\":-32003,\"message\":\"Denied\"}");
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Journal journal() {
			return new Journal();
		}

		@Bean
		AuditedHandlers auditedHandlers(Journal journal) {
			return new AuditedHandlers(journal);
		}

	}

	static class Journal {

		final List<String> entries = new CopyOnWriteArrayList<>();

		final CountDownLatch started = new CountDownLatch(1);

		final CompletableFuture<Object> later = new CompletableFuture<>();

	}

	static class AuditedHandlers {

		private final Journal journal;

		AuditedHandlers(Journal journal) {
			this.journal = journal;
		}

		@AcpMethod("_audit.dev/hello")
		Map<String, String> hello(AcpRequestContext context) {
			this.journal.entries.add("handler " + context.method());
			return Map.of("hello", "world");
		}

		@AcpNotification("_audit.dev/event")
		void event(AcpRequestContext context) {
			this.journal.entries.add("handler " + context.method());
		}

		@AcpMethod("_audit.dev/later")
		CompletionStage<Object> later(AcpRequestContext context) {
			this.journal.entries.add("handler " + context.method());
			this.journal.started.countDown();
			return this.journal.later;
		}

		@AcpMethod("_audit.dev/boom")
		Object boom() {
			throw new IllegalStateException("boom");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OrderedInterceptors {

		@Bean
		@Order(2)
		AcpHandlerInterceptor innerInterceptor(Journal journal) {
			return journaling("inner", journal);
		}

		@Bean
		@Order(1)
		AcpHandlerInterceptor outerInterceptor(Journal journal) {
			return journaling("outer", journal);
		}

		private static AcpHandlerInterceptor journaling(String name, Journal journal) {
			return (context, chain) -> {
				journal.entries.add(name + " before " + context.method());
				return chain.proceed()
					.whenComplete((result, failure) -> journal.entries.add(name + " after " + context.method()));
			};
		}

	}

	static class CapturingInterceptor implements AcpHandlerInterceptor {

		volatile AcpRequestContext seen;

		@Override
		public Object intercept(AcpRequestContext context, AcpInterceptorChain chain) {
			this.seen = context;
			return chain.proceed();
		}

	}

	static class TenantInterceptor implements AcpHandlerInterceptor {

		@Override
		public Object intercept(AcpRequestContext context, AcpInterceptorChain chain) {
			Object tenant = context.meta().get("tenant");
			if ("blocked".equals(tenant)) {
				throw new AcpException(-32000, "Tenant not allowed", tenant);
			}
			if ("cached".equals(tenant)) {
				return Map.of("cached", true);
			}
			return chain.proceed();
		}

	}

	static class WrappingInterceptor implements AcpHandlerInterceptor {

		@Override
		public Object intercept(AcpRequestContext context, AcpInterceptorChain chain) {
			return chain.proceed().thenApply((result) -> Map.of("wrapped", result));
		}

	}

	static class FailureObservingInterceptor implements AcpHandlerInterceptor {

		final List<String> failures = new CopyOnWriteArrayList<>();

		@Override
		public Object intercept(AcpRequestContext context, AcpInterceptorChain chain) {
			if (context.meta().containsKey("deny")) {
				throw new DeniedException();
			}
			return chain.proceed().whenComplete((result, failure) -> {
				if (failure != null) {
					this.failures.add(failure.toString());
				}
			});
		}

	}

	static class DeniedException extends RuntimeException {

	}

	@AcpControllerAdvice
	static class DeniedAdvice {

		@AcpExceptionHandler
		AcpException denied(DeniedException ex) {
			return new AcpException(-32003, "Denied");
		}

	}

}

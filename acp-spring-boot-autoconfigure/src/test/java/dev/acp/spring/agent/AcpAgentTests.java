package dev.acp.spring.agent;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMeta;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpClientCapabilityException;
import dev.acp.spring.method.AcpClientException;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpExtensionNotSupportedException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.validation.annotation.Validated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests of the agent served end to end over an in-memory connection: binding, validation,
 * return values, errors, initialize and the client proxy.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class AcpAgentTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, ValidationAutoConfiguration.class,
				AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "acp.agent.name=test-agent", "acp.agent.version=9.9")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void initializeAnswersVersionAgentInfoAndCapabilities() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode result = peer.initialize("{}");
			assertThat(result.get("protocolVersion").asInt()).isEqualTo(1);
			assertThat(result.at("/agentInfo/name").asString()).isEqualTo("test-agent");
			assertThat(result.at("/agentInfo/version").asString()).isEqualTo("9.9");
			assertThat(result.at("/agentCapabilities/_meta/test.dev/version").asString()).isEqualTo("2.0");
			assertThat(result.at("/agentCapabilities/_meta/test.dev/methods").toString()).contains("_test.dev/greet");
		});
	}

	@Test
	void initializeAnswersTheVersionWeSpeakWhateverTheClientAsks() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode answer = peer.call(0, "initialize", "{\"protocolVersion\":7}");
			assertThat(answer.at("/result/protocolVersion").asInt()).isEqualTo(1);
		});
	}

	@Test
	void initializeWithoutProtocolVersionIsInvalidParams() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode answer = peer.call(0, "initialize", "{}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("protocolVersion");
		});
	}

	@Test
	void requestBeforeInitializeIsRefused() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode answer = peer.call(5, "_test.dev/greet", "{\"name\":\"x\"}");
			assertThat(answer.get("id").asInt()).isEqualTo(5);
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32600);
			assertThat(answer.at("/error/data").asString()).contains("before initialize");
		});
	}

	@Test
	void requestPipelinedBehindInitializeIsServedAfterIt() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_test.dev/greet\",\"params\":{\"name\":\"Ada\"}}");
			assertThat(peer.next().get("id").asInt()).isZero();
			JsonNode greeting = peer.next();
			assertThat(greeting.at("/result/greeting").asString()).isEqualTo("Hello, Ada");
		});
	}

	@Test
	void secondInitializeIsRefused() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "initialize", "{\"protocolVersion\":1}").at("/error/code").asInt())
				.isEqualTo(-32600);
		});
	}

	@Test
	void paramsBindToRecordsAndIdsAreEchoedExactly() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send(
					"{\"jsonrpc\":\"2.0\",\"id\":\"abc-1\",\"method\":\"_test.dev/greet\",\"params\":{\"name\":\"Ada\"}}");
			JsonNode answer = peer.next();
			assertThat(answer.get("id").isString()).isTrue();
			assertThat(answer.get("id").asString()).isEqualTo("abc-1");
			assertThat(answer.at("/result/greeting").asString()).isEqualTo("Hello, Ada");
		});
	}

	@Test
	void beanValidationFailureIsInvalidParamsNamingTheFields() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_test.dev/order", "{\"item\":\"\",\"quantity\":-1}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors").findValuesAsString("field")).containsExactly("item", "quantity");
		});
	}

	@Test
	void unreadableParamsAreInvalidParamsNamingTheField() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_test.dev/order", "{\"item\":\"tea\",\"quantity\":\"many\"}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("quantity");
			assertThat(answer.toString()).doesNotContain("dev.acp").doesNotContain("Exception");
		});
	}

	@Test
	void paramsOfTheWrongTypeAreInvalidParamsNamingEveryFieldInTheSameOrderWhateverTheKeyOrder() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode forward = peer.call(1, "_test.dev/order", "{\"item\":5,\"quantity\":\"many\"}");
			JsonNode backward = peer.call(2, "_test.dev/order", "{\"quantity\":\"many\",\"item\":5}");
			assertThat(forward.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(forward.at("/error/data/errors").findValuesAsString("field")).containsExactly("item",
					"quantity");
			assertThat(backward.get("error")).isEqualTo(forward.get("error"));
		});
	}

	@Test
	void methodValidationOfAHandlersOwnArgumentsIsInvalidParamsNamingTheWireField() {
		this.contextRunner.run((context) -> {
			assertThat(org.springframework.aop.support.AopUtils.isAopProxy(context.getBean(ValidatedHandlers.class)))
				.isTrue();
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode ok = peer.call(1, "_test.dev/validated", "{\"_meta\":{\"k\":1}}");
			assertThat(ok.at("/result/size").asInt()).isEqualTo(1);
			JsonNode bad = peer.call(2, "_test.dev/validated", "{}");
			assertThat(bad.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(bad.at("/error/data/errors/0/field").asString()).isEqualTo("_meta");
			assertThat(bad.toString()).doesNotContain("validated");
		});
	}

	@Test
	void methodValidationOfAHandlersOwnArgumentsNamesNestedFieldsOfTheParams() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode bad = peer.call(1, "_strict.dev/order", "{\"item\":\"\",\"counts\":[1,-2],\"_meta\":{}}");
			assertThat(bad.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(bad.at("/error/data/errors").findValuesAsString("field")).containsExactly("_meta.tag",
					"counts[1]", "item");
			assertThat(bad.toString()).doesNotContain("order.").doesNotContain("list element");
		});
	}

	@Test
	void voidHandlerAnswersAnEmptyObject() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_test.dev/nothing", "{}");
			assertThat(answer.get("result").toString()).isEqualTo("{}");
		});
	}

	@Test
	void completionStageResultIsAnsweredWhenItCompletes() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_test.dev/later", "{}").at("/result/later").asBoolean()).isTrue();
		});
	}

	@Test
	void acpExceptionIsAnsweredExactly() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode error = peer.call(1, "_test.dev/refuse", "{}").get("error");
			assertThat(error.toString())
				.isEqualTo("{\"code\":-32042,\"message\":\"Refused\",\"data\":{\"why\":\"because\"}}");
		});
	}

	@Test
	void otherFailuresAreInternalErrorsWithoutDetails() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode sync = peer.call(1, "_test.dev/boom", "{}");
			assertThat(sync.get("error").toString()).isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
			JsonNode async = peer.call(2, "_test.dev/boomLater", "{}");
			assertThat(async.get("error").toString()).isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
			assertThat(peer.call(3, "_test.dev/greet", "{\"name\":\"still here\"}").at("/result/greeting").asString())
				.isEqualTo("Hello, still here");
		});
	}

	@Test
	void aConstraintViolationInsideTheHandlerIsAnInternalErrorLoggedOnTheAgentSide(CapturedOutput output) {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_stock.dev/restock", "{\"count\":3}");
			assertThat(answer.get("error").toString()).isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
			assertThat(output).contains("ERROR")
				.contains("Handler of '_stock.dev/restock' failed")
				.contains("ConstraintViolationException")
				.contains("reserveInternally");
		});
	}

	@Test
	void aHandlersOwnReturnValueViolationIsAnInternalError(CapturedOutput output) {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_test.dev/validatedResult", "{}");
			assertThat(answer.get("error").toString()).isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
			assertThat(output).contains("Handler of '_test.dev/validatedResult' failed");
		});
	}

	@Test
	void unknownRequestIsMethodNotFoundAndUnknownNotificationIsIgnored() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_nobody.dev/ping\",\"params\":{}}");
			JsonNode answer = peer.call(1, "_nobody.dev/missing", "{}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32601);
			assertThat(peer.poll(Duration.ofMillis(200))).isNull();
		});
	}

	@Test
	void notificationsAreHandledInArrivalOrderWithContextAndMeta() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			for (int i = 0; i < 20; i++) {
				peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_test.dev/event\",\"params\":{\"n\":" + i
						+ ",\"_meta\":{\"traceparent\":\"00-abc-def-01\"}}}");
			}
			Events events = context.getBean(Events.class);
			assertThat(events.done.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(events.received).hasSize(20);
			for (int i = 0; i < 20; i++) {
				assertThat(events.received.get(i)).isEqualTo(i + "@00-abc-def-01");
			}
		});
	}

	@Test
	void metaParameterBindsParamsMeta() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_test.dev/meta", "{\"_meta\":{\"zed.dev/debug\":true}}");
			assertThat(answer.at("/result/zed.dev~1debug").asBoolean()).isTrue();
		});
	}

	@Test
	void clientExtensionCallsRequireTheClientToAdvertiseTheNamespace() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"_meta\":{\"zed.dev\":{\"workspace\":true}}}");
			JsonNode request = sendAsync(peer, 1, "_test.dev/askClient");
			assertThat(request.get("method").asString()).isEqualTo("_zed.dev/workspace/buffers");
			assertThat(request.get("params").toString()).isEqualTo("{\"language\":\"rust\"}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"buffers\":[]}}");
			assertThat(peer.next().at("/result/answer").toString()).isEqualTo("{\"buffers\":[]}");
		});
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_test.dev/askClient", "{}");
			assertThat(answer.at("/result/refused").asString()).contains("zed.dev").contains("check");
		});
	}

	@Test
	void clientErrorsReachTheHandlerAsAcpClientExceptionNotAsItsOwnAnswer() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"_meta\":{\"zed.dev\":{\"workspace\":true}}}");
			JsonNode request = sendAsync(peer, 1, "_test.dev/askClient");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
					+ ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
			JsonNode answer = peer.next();
			assertThat(answer.at("/result/clientError").asInt()).isEqualTo(-32601);
			request = sendAsync(peer, 2, "_test.dev/askClientUnhandled");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
					+ ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
			assertThat(peer.next().get("error").toString())
				.isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
		});
	}

	@Test
	void nonBlockingHandlersRunOnTheReadingThreadAndOthersOnHandlerThreads() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String reader = Thread.currentThread().getName();
			assertThat(peer.call(1, "_test.dev/threadInline", "{}").at("/result/thread").asString()).isEqualTo(reader);
			assertThat(peer.call(2, "_test.dev/thread", "{}").at("/result/thread").asString())
				.startsWith("acp-handler-");
		});
	}

	@Test
	void nonBlockingHandlerMayAnswerLater() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_test.dev/laterInline", "{}").at("/result/later").asBoolean()).isTrue();
		});
	}

	@Test
	void typedFileCallsGoToTheClientWhenItAdvertisedThem() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"fs\":{\"readTextFile\":true,\"writeTextFile\":false}}");
			JsonNode request = sendAsync(peer, 1, "_test.dev/readFile");
			assertThat(request.get("method").asString()).isEqualTo("fs/read_text_file");
			assertThat(request.get("params").toString())
				.isEqualTo("{\"sessionId\":\"s1\",\"path\":\"/src/Main.java\",\"line\":3,\"limit\":2}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"content\":\"a\\nb\"}}");
			assertThat(peer.next().at("/result/content").asString()).isEqualTo("a\nb");
			JsonNode refused = peer.call(2, "_test.dev/writeFile", "{}");
			assertThat(refused.at("/result/refused").asString()).contains("fs.writeTextFile");
		});
	}

	@Test
	void requiredExtensionRefusesClientsWithoutIt() {
		this.contextRunner.withPropertyValues("acp.extensions[test.dev].required=true").run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode refused = peer.call(0, "initialize", "{\"protocolVersion\":1,\"clientCapabilities\":{}}");
			assertThat(refused.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(refused.at("/error/message").asString()).contains("test.dev");
			TestPeer other = new TestPeer(context);
			JsonNode accepted = other.initialize("{\"_meta\":{\"test.dev\":{}}}");
			assertThat(accepted.at("/agentCapabilities/_meta/test.dev/required").asBoolean()).isTrue();
		});
	}

	@Test
	void clientInfoAndCapabilitiesAreKeptPerConnection() {
		this.contextRunner.run((context) -> {
			TestPeer first = new TestPeer(context);
			first.initialize("{\"_meta\":{\"zed.dev\":{\"workspace\":true}}}");
			TestPeer second = new TestPeer(context);
			second.initialize("{\"terminal\":true}");
			assertThat(first.call(1, "_test.dev/whoami", "{}").at("/result/zed").asBoolean()).isTrue();
			JsonNode secondAnswer = second.call(1, "_test.dev/whoami", "{}");
			assertThat(secondAnswer.at("/result/zed").asBoolean()).isFalse();
			assertThat(secondAnswer.at("/result/terminal").asBoolean()).isTrue();
			assertThat(secondAnswer.at("/result/client").asString()).isEqualTo("test-client");
		});
	}

	private static JsonNode sendAsync(TestPeer peer, int id, String method) throws InterruptedException {
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{}}");
		return peer.next();
	}

	record Greeting(String name) {
	}

	record Order(@NotBlank String item, @Positive int quantity) {
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Handlers handlers() {
			return new Handlers();
		}

		@Bean
		ValidatedHandlers validatedHandlers() {
			return new ValidatedHandlers();
		}

		@Bean
		Events events() {
			return new Events();
		}

		@Bean
		StrictHandlers strictHandlers() {
			return new StrictHandlers();
		}

		@Bean
		Stock stock() {
			return new Stock();
		}

		@Bean
		Restock restock(Stock stock) {
			return new Restock(stock);
		}

		@Bean
		static org.springframework.validation.beanvalidation.MethodValidationPostProcessor methodValidationPostProcessor() {
			org.springframework.validation.beanvalidation.MethodValidationPostProcessor processor = new org.springframework.validation.beanvalidation.MethodValidationPostProcessor();
			processor.setProxyTargetClass(true);
			return processor;
		}

	}

	@AcpExtension(value = "test.dev", version = "2.0")
	static class Handlers {

		@AcpMethod("_test.dev/greet")
		Map<String, String> greet(Greeting greeting) {
			return Map.of("greeting", "Hello, " + greeting.name());
		}

		@AcpMethod("_test.dev/order")
		Map<String, Integer> order(@Valid Order order) {
			return Map.of("total", order.quantity());
		}

		@AcpMethod("_test.dev/nothing")
		void nothing(JsonNode params) {
		}

		@AcpMethod("_test.dev/later")
		CompletionStage<Map<String, Boolean>> later() {
			return CompletableFuture.supplyAsync(() -> Map.of("later", true));
		}

		@AcpMethod(value = "_test.dev/threadInline", nonBlocking = true)
		Map<String, String> threadInline() {
			return Map.of("thread", Thread.currentThread().getName());
		}

		@AcpMethod("_test.dev/thread")
		Map<String, String> thread() {
			return Map.of("thread", Thread.currentThread().getName());
		}

		@AcpMethod(value = "_test.dev/laterInline", nonBlocking = true)
		CompletionStage<Map<String, Boolean>> laterInline() {
			return CompletableFuture.supplyAsync(() -> Map.of("later", true),
					CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS));
		}

		@AcpMethod("_test.dev/refuse")
		Object refuse() {
			throw new AcpException(-32042, "Refused", Map.of("why", "because"));
		}

		@AcpMethod("_test.dev/boom")
		Object boom() {
			throw new IllegalStateException("secret internal detail in dev.acp.Internal");
		}

		@AcpMethod("_test.dev/boomLater")
		CompletionStage<Object> boomLater() {
			return CompletableFuture.failedFuture(new IllegalStateException("secret"));
		}

		@AcpMethod("_test.dev/meta")
		Map<String, Object> meta(@AcpMeta Map<String, Object> meta) {
			return meta;
		}

		@AcpMethod("_test.dev/askClient")
		Map<String, Object> askClient(AcpClient client) throws Exception {
			try {
				JsonNode answer = client
					.request("_zed.dev/workspace/buffers", Map.of("language", "rust"), JsonNode.class)
					.get(5, TimeUnit.SECONDS);
				return Map.of("answer", answer);
			}
			catch (AcpExtensionNotSupportedException ex) {
				return Map.of("refused", ex.getMessage());
			}
			catch (ExecutionException ex) {
				return Map.of("clientError", ((AcpClientException) ex.getCause()).getError().code());
			}
		}

		@AcpMethod("_test.dev/askClientUnhandled")
		CompletionStage<JsonNode> askClientUnhandled(AcpClient client) {
			return client.request("_zed.dev/workspace/buffers", Map.of(), JsonNode.class);
		}

		@AcpMethod("_test.dev/readFile")
		ReadTextFileResponse readFile(AcpClient client) throws Exception {
			return client.readTextFile(new ReadTextFileRequest("s1", "/src/Main.java", 3, 2, null, null))
				.get(5, TimeUnit.SECONDS);
		}

		@AcpMethod("_test.dev/writeFile")
		Map<String, Object> writeFile(AcpClient client) {
			try {
				client.writeTextFile(new WriteTextFileRequest("s1", "/src/Main.java", "x"));
				return Map.of("refused", "no");
			}
			catch (AcpClientCapabilityException ex) {
				return Map.of("refused", ex.getMessage());
			}
		}

		@AcpMethod("_test.dev/whoami")
		Map<String, Object> whoami(AcpRequestContext context) {
			return Map.of("zed", context.client().supportsExtension("zed.dev"), "terminal",
					Boolean.TRUE.equals(context.connection().clientCapabilities().terminal()), "client",
					context.connection().clientInfo().name());
		}

	}

	@Validated
	@AcpExtension("test.dev")
	static class ValidatedHandlers {

		@AcpMethod("_test.dev/validated")
		public Map<String, Integer> validated(JsonNode params, @AcpMeta @NotNull Map<String, Object> meta) {
			return Map.of("size", meta.size());
		}

		@AcpMethod("_test.dev/validatedResult")
		public @NotNull Map<String, Integer> validatedResult(JsonNode params) {
			return null;
		}

	}

	interface Strict {

	}

	record StrictOrder(@NotBlank(groups = Strict.class) String item,
			List<@Positive(groups = Strict.class) Integer> counts) {
	}

	record StrictMeta(@NotBlank(groups = Strict.class) String tag) {
	}

	@Validated(Strict.class)
	@AcpExtension("strict.dev")
	static class StrictHandlers {

		@AcpMethod("_strict.dev/order")
		public Map<String, Object> order(@Valid StrictOrder order, @AcpMeta @Valid StrictMeta meta) {
			return Map.of();
		}

	}

	@Validated
	static class Stock {

		public int reserveInternally(@Positive int internalCount) {
			return internalCount;
		}

	}

	@AcpExtension("stock.dev")
	static class Restock {

		private final Stock stock;

		Restock(Stock stock) {
			this.stock = stock;
		}

		@AcpMethod("_stock.dev/restock")
		Map<String, Integer> restock(JsonNode params) {
			return Map.of("reserved", this.stock.reserveInternally(-params.get("count").asInt()));
		}

	}

	static class Events {

		final List<String> received = new CopyOnWriteArrayList<>();

		final CountDownLatch done = new CountDownLatch(20);

		@AcpNotification("_test.dev/event")
		void event(JsonNode params, AcpRequestContext context) throws InterruptedException {
			if (params.get("n").asInt() % 3 == 0) {
				Thread.sleep(5);
			}
			this.received.add(params.get("n").asInt() + "@" + context.traceparent());
			this.done.countDown();
		}

	}

}

package dev.acp.spring.agent;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.acp.spring.annotation.AcpControllerAdvice;
import dev.acp.spring.annotation.AcpExceptionHandler;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link AcpExceptionHandler @AcpExceptionHandler} methods on handler beans and
 * {@link AcpControllerAdvice @AcpControllerAdvice} beans, served end to end.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class AcpExceptionHandlerTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void adviceMapsACustomExceptionToTheChosenError() {
		this.contextRunner.withUserConfiguration(QuotaAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode error = peer.call(1, "_shop.dev/order", "{}").get("error");
			assertThat(error.get("code").asInt()).isEqualTo(-32050);
			assertThat(error.get("message").asString()).isEqualTo("Quota exceeded");
			assertThat(error.at("/data/method").asString()).isEqualTo("_shop.dev/order");
			assertThat(error.at("/data/limit").asInt()).isEqualTo(3);
		});
	}

	@Test
	void adviceMapsTheFailureOfACompletionStage() {
		this.contextRunner.withUserConfiguration(QuotaAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_shop.dev/orderLater", "{}").at("/error/code").asInt()).isEqualTo(-32050);
		});
	}

	@Test
	void adviceMapsAnExceptionFoundAmongTheCauses() {
		this.contextRunner.withUserConfiguration(QuotaAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_shop.dev/wrapped", "{}").at("/error/code").asInt()).isEqualTo(-32050);
		});
	}

	@Test
	void theHandlersOwnExceptionHandlerBeatsTheAdvice() {
		this.contextRunner.withUserConfiguration(QuotaAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode error = peer.call(1, "_local.dev/order", "{}").get("error");
			assertThat(error.toString()).isEqualTo("{\"code\":-32051,\"message\":\"Local quota\"}");
		});
	}

	@Test
	void theMostSpecificExceptionTypeWins() {
		this.contextRunner.withUserConfiguration(GeneralAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_shop.dev/order", "{}").at("/error/message").asString())
				.isEqualTo("quota: Too many orders");
			assertThat(peer.call(2, "_shop.dev/missing", "{}").at("/error/message").asString())
				.isEqualTo("state: Out of stock");
			assertThat(peer.call(3, "_shop.dev/broken", "{}").at("/error/message").asString())
				.isEqualTo("runtime: Broken");
		});
	}

	@Test
	void adviceBeansAreAskedInTheirOrder() {
		this.contextRunner.withUserConfiguration(QuotaAdvice.class, FirstQuotaAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_shop.dev/order", "{}").at("/error/code").asInt()).isEqualTo(-32052);
		});
	}

	@Test
	void adviceReturningNothingFallsThroughToInternalError(CapturedOutput output) {
		this.contextRunner.withUserConfiguration(ObservingAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_shop.dev/order", "{}");
			assertThat(answer.get("error").toString()).isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
			assertThat(context.getBean(ObservingAdvice.class).seen).isInstanceOf(QuotaExceededException.class);
			assertThat(output).contains("Handler of '_shop.dev/order' failed").contains("QuotaExceededException");
		});
	}

	@Test
	void adviceReturningAJsonRpcErrorOrThrowingAnAcpExceptionAnswersIt() {
		this.contextRunner.withUserConfiguration(ThrowingAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_shop.dev/order", "{}").get("error").toString())
				.isEqualTo("{\"code\":-32053,\"message\":\"Thrown\"}");
			assertThat(peer.call(2, "_shop.dev/missing", "{}").get("error").toString())
				.isEqualTo("{\"code\":-32054,\"message\":\"Returned\"}");
		});
	}

	@Test
	void adviceThatFailsItselfLeavesTheFailureToInternalError(CapturedOutput output) {
		this.contextRunner.withUserConfiguration(ThrowingAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_shop.dev/broken", "{}").get("error").toString())
				.isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
			assertThat(output).contains("failed handling the failure of '_shop.dev/broken'")
				.contains("Handler of '_shop.dev/broken' failed");
		});
	}

	@Test
	void aFailureWhoseMessageCannotBeReadIsAnsweredInternalError(CapturedOutput output) {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_shop.dev/unreadable\",\"params\":{}}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_shop.dev/failPending\",\"params\":{}}");
			Map<Integer, JsonNode> answers = new HashMap<>();
			for (int i = 0; i < 2; i++) {
				JsonNode answer = peer.next();
				answers.put(answer.get("id").asInt(), answer);
			}
			assertThat(answers.get(1).get("error").toString())
				.isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
			assertThat(answers.get(2).has("result")).isTrue();
			assertThat(output).contains("Handler of '_shop.dev/unreadable' failed with " + UNREADABLE);
		});
	}

	@Test
	void anAdviceFailingWithAnUnreadableFailureLeavesTheAnswerInternalError() {
		this.contextRunner.withUserConfiguration(UnreadableAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_shop.dev/order", "{}").get("error").toString())
				.isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
		});
	}

	@Test
	void anAcpExceptionAndInvalidParamsAreNotOfferedToTheAdvice() {
		this.contextRunner.withUserConfiguration(GeneralAdvice.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_shop.dev/refuse", "{}").get("error").toString())
				.isEqualTo("{\"code\":-32042,\"message\":\"Refused\"}");
			assertThat(peer.call(2, "_shop.dev/count", "{\"n\":\"many\"}").at("/error/code").asInt()).isEqualTo(-32602);
		});
	}

	@Test
	void anExceptionHandlerOnABeanThatNeitherHandlesNorAdvisesFailsStartup() {
		this.contextRunner.withUserConfiguration(StrayExceptionHandler.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(BeanInitializationException.class)
				.hasMessageContaining("StrayExceptionHandler.handle")
				.hasMessageContaining("would never be called");
		});
	}

	@Test
	void anExceptionHandlerReturningSomethingElseThanAnErrorFailsStartup() {
		this.contextRunner.withUserConfiguration(BadReturnAdvice.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining("BadReturnAdvice.handle")
				.hasMessageContaining("returns java.lang.String");
		});
	}

	@Test
	void twoExceptionHandlersForOneTypeOnOneBeanFailStartup() {
		this.contextRunner.withUserConfiguration(AmbiguousAdvice.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasMessageContaining("handles " + QuotaExceededException.class.getName());
		});
	}

	private static final String UNREADABLE = UnreadableException.class.getName();

	/**
	 * A failure whose message cannot be read: logging it throws.
	 */
	static class UnreadableException extends RuntimeException {

		@Override
		public String getMessage() {
			throw new IllegalStateException("no message");
		}

	}

	static class QuotaExceededException extends RuntimeException {

		QuotaExceededException(String message) {
			super(message);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Shop shop() {
			return new Shop();
		}

		@Bean
		LocalShop localShop() {
			return new LocalShop();
		}

	}

	static class Shop {

		@AcpMethod("_shop.dev/order")
		Object order() {
			throw new QuotaExceededException("Too many orders");
		}

		@AcpMethod("_shop.dev/orderLater")
		CompletionStage<Object> orderLater() {
			return CompletableFuture.supplyAsync(() -> {
				throw new QuotaExceededException("Too many orders");
			});
		}

		@AcpMethod("_shop.dev/wrapped")
		Object wrapped() {
			throw new IllegalArgumentException("wrapped", new QuotaExceededException("Too many orders"));
		}

		@AcpMethod("_shop.dev/missing")
		Object missing() {
			throw new IllegalStateException("Out of stock");
		}

		@AcpMethod("_shop.dev/broken")
		Object broken() {
			throw new UnsupportedOperationException("Broken");
		}

		private final CompletableFuture<Object> pending = new CompletableFuture<>();

		// non-blocking: served on the reading thread, so its stage is pending until a
		// later message fails it
		@AcpMethod(value = "_shop.dev/unreadable", nonBlocking = true)
		CompletionStage<Object> unreadable() {
			return this.pending;
		}

		@AcpMethod("_shop.dev/failPending")
		void failPending() {
			this.pending.completeExceptionally(new UnreadableException());
		}

		@AcpMethod("_shop.dev/refuse")
		Object refuse() {
			throw new AcpException(-32042, "Refused");
		}

		@AcpMethod("_shop.dev/count")
		Object count(Count count) {
			throw new IllegalStateException("never called");
		}

	}

	record Count(int n) {
	}

	static class LocalShop {

		@AcpMethod("_local.dev/order")
		Object order() {
			throw new QuotaExceededException("Too many orders");
		}

		@AcpExceptionHandler
		AcpException quota(QuotaExceededException ex) {
			return new AcpException(-32051, "Local quota");
		}

	}

	@AcpControllerAdvice
	static class QuotaAdvice {

		@AcpExceptionHandler
		AcpException quota(QuotaExceededException ex, AcpRequestContext context) {
			return new AcpException(-32050, "Quota exceeded", Map.of("method", context.method(), "limit", 3));
		}

	}

	@AcpControllerAdvice
	@Order(1)
	static class FirstQuotaAdvice {

		@AcpExceptionHandler(QuotaExceededException.class)
		JsonRpcError quota() {
			return new JsonRpcError(-32052, "First");
		}

	}

	@AcpControllerAdvice
	static class GeneralAdvice {

		@AcpExceptionHandler
		AcpException runtime(RuntimeException ex) {
			return new AcpException(-32060, "runtime: " + ex.getMessage());
		}

		@AcpExceptionHandler
		AcpException state(IllegalStateException ex) {
			return new AcpException(-32061, "state: " + ex.getMessage());
		}

		@AcpExceptionHandler
		AcpException quota(QuotaExceededException ex) {
			return new AcpException(-32062, "quota: " + ex.getMessage());
		}

	}

	@AcpControllerAdvice
	static class ObservingAdvice {

		volatile Throwable seen;

		@AcpExceptionHandler
		void observe(QuotaExceededException ex) {
			this.seen = ex;
		}

	}

	@AcpControllerAdvice
	static class ThrowingAdvice {

		@AcpExceptionHandler
		void quota(QuotaExceededException ex) {
			throw new AcpException(-32053, "Thrown");
		}

		@AcpExceptionHandler
		JsonRpcError state(IllegalStateException ex) {
			return new JsonRpcError(-32054, "Returned");
		}

		@AcpExceptionHandler
		AcpException unsupported(UnsupportedOperationException ex) {
			throw new IllegalStateException("the advice itself broke");
		}

	}

	@AcpControllerAdvice
	static class UnreadableAdvice {

		@AcpExceptionHandler
		AcpException quota(QuotaExceededException ex) {
			throw new UnreadableException();
		}

	}

	static class StrayExceptionHandler {

		@AcpExceptionHandler
		AcpException handle(QuotaExceededException ex) {
			return new AcpException(-1, "never");
		}

	}

	@AcpControllerAdvice
	static class BadReturnAdvice {

		@AcpExceptionHandler
		String handle(QuotaExceededException ex) {
			return "nope";
		}

	}

	@AcpControllerAdvice
	static class AmbiguousAdvice {

		@AcpExceptionHandler
		AcpException first(QuotaExceededException ex) {
			return new AcpException(-1, "first");
		}

		@AcpExceptionHandler(QuotaExceededException.class)
		AcpException second() {
			return new AcpException(-2, "second");
		}

	}

}

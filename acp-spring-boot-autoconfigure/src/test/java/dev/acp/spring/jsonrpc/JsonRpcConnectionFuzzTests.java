package dev.acp.spring.jsonrpc;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.acp.spring.protocol.AcpJsonMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of a {@link JsonRpcConnection}: a sequence of frames built from
 * the fuzzer's data (requests with ids of every JSON type, notifications,
 * {@code $/cancel_request} with odd request ids, responses, mutated and raw bytes),
 * checked frame by frame with {@link FuzzFrames}, then a well-formed request that must
 * still be answered. Runs the stored inputs as a regression test; fuzzes with
 * {@code JAZZER_FUZZ=1}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class JsonRpcConnectionFuzzTests {

	private static final List<String> METHODS = List.of("echo", "hang", "fail", "throw", "rpc-error", "null",
			"unwritable", "inline");

	private static final JsonRpcCodec codec = new JsonRpcCodec(AcpJsonMapper.create());

	@BeforeAll
	static void quiet() {
		LoggingSystem.get(JsonRpcConnectionFuzzTests.class.getClassLoader())
			.setLogLevel("dev.acp.spring.jsonrpc", LogLevel.OFF);
	}

	@AfterAll
	static void loud() {
		LoggingSystem.get(JsonRpcConnectionFuzzTests.class.getClassLoader())
			.setLogLevel("dev.acp.spring.jsonrpc", null);
	}

	@FuzzTest(maxDuration = "30s")
	void framesToConnection(FuzzedDataProvider data) {
		List<byte[]> sent = new CopyOnWriteArrayList<>();
		JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(codec, Runnable::run, Duration.ofSeconds(5),
				(connection) -> new FuzzHandler());
		JsonRpcConnection connection = factory.open("fuzz", "test", sent::add);
		FuzzFrames frames = new FuzzFrames(codec, data, METHODS, null);
		for (int i = 0; i < 64 && frames.hasMore(); i++) {
			frames.feed(connection, sent, frames.next(), true, List.of("hang"));
		}
		assertThat(frames.call(connection, sent, "echo", "{\"after\":true}").path("after").asBoolean()).isTrue();
		factory.close(connection, Duration.ZERO);
	}

	private static final class FuzzHandler implements JsonRpcHandler {

		@Override
		public CompletionStage<?> handleRequest(InboundRequest request) {
			return switch (request.method()) {
				case "echo", "inline" -> CompletableFuture.completedFuture(request.params());
				case "hang" -> new CompletableFuture<>();
				case "fail" -> CompletableFuture
					.failedFuture(new IllegalStateException("java.lang.IllegalStateException: secret"));
				case "throw" -> throw new IllegalArgumentException("dev.acp.spring.Secret");
				case "rpc-error" ->
					CompletableFuture.failedFuture(new JsonRpcException(-32000, "Refused", "a plain reason"));
				case "null" -> null;
				case "unwritable" -> CompletableFuture.completedFuture(Map.of("value", new Object()));
				default ->
					CompletableFuture.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(request.method())));
			};
		}

		@Override
		public void handleNotification(JsonRpcNotification notification) {
			if ("throw".equals(notification.method())) {
				throw new IllegalStateException("notification failed");
			}
		}

		@Override
		public boolean isDispatchedInline(String method) {
			return "inline".equals(method);
		}

		// Throws for a "sessionId" that is a container: the connection answers -32603
		// instead of letting the handler's failure escape receive (found by fuzzing).
		@Override
		public String orderKey(String method, tools.jackson.databind.JsonNode params) {
			return (params != null && params.has("sessionId")) ? params.get("sessionId").asString() : null;
		}

	}

}

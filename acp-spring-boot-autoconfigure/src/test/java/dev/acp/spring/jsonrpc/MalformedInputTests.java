package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.protocol.AcpJsonMapper;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Feeds a connection thousands of mutated frames (seeded, so failures reproduce) and
 * checks that it never throws, that every answer is a well-formed response with a known
 * error code, that no frame gets more than one answer, and that every readable request
 * gets exactly one.
 *
 * @author ACP Spring Boot Starter contributors
 */
class MalformedInputTests {

	private static final Set<Integer> KNOWN_CODES = Set.of(JsonRpcError.PARSE_ERROR, JsonRpcError.INVALID_REQUEST,
			JsonRpcError.METHOD_NOT_FOUND, JsonRpcError.INVALID_PARAMS, JsonRpcError.INTERNAL_ERROR);

	private static final String[] SEEDS = {
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{\"a\":[1,2,{\"b\":null}],\"_meta\":{\"k\":\"v\"}}}",
			"{\"jsonrpc\":\"2.0\",\"id\":\"s-1\",\"method\":\"echo\",\"params\":[1,\"two\",3.5]}",
			"{\"jsonrpc\":\"2.0\",\"method\":\"note\",\"params\":{\"x\":true}}",
			"{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"ok\":true}}",
			"{\"jsonrpc\":\"2.0\",\"id\":8,\"error\":{\"code\":-32000,\"message\":\"no\"}}" };

	private static final String[] FRAGMENTS = { "null", "true", "0", "-1", "1e999", "\"\"", "\"\\u0000\"", "[]", "{}",
			"[[[[", "}}", ",", ":", "\"jsonrpc\"", "\"id\"", "\"method\"", "\"params\"", "\"2.0\"", "\uD83D\uDE00",
			"\\", "\"\\ud800\"", "NaN", "01", "1.5", "{\"jsonrpc\":\"2.0\"}" };

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonRpcCodec codec = new JsonRpcCodec(this.mapper);

	@Test
	void mutatedFramesAreAnsweredPreciselyAndAtMostOnce() {
		Random random = new Random(20261122);
		List<byte[]> written = new CopyOnWriteArrayList<>();
		JsonRpcHandler handler = new EchoHandler();
		JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(this.codec, Runnable::run,
				Duration.ofSeconds(5), (connection) -> handler);
		JsonRpcConnection connection = factory.open("test", written::add);
		int readableRequests = 0;
		for (int i = 0; i < 20000; i++) {
			String frame = mutate(SEEDS[random.nextInt(SEEDS.length)], random);
			byte[] bytes = frame.getBytes(StandardCharsets.UTF_8);
			int before = written.size();
			connection.receive(bytes, 0, bytes.length);
			List<byte[]> answers = new ArrayList<>(written.subList(before, written.size()));
			assertThat(answers).as(frame).hasSizeLessThanOrEqualTo(1);
			for (byte[] answer : answers) {
				checkResponse(frame, answer);
			}
			if (isReadableRequest(frame)) {
				readableRequests++;
				assertThat(answers).as(frame).hasSize(1);
			}
		}
		assertThat(readableRequests).isGreaterThan(1000);
		assertThat(connection.inFlightRequests()).isZero();
	}

	private void checkResponse(String frame, byte[] answer) {
		String text = new String(answer, StandardCharsets.UTF_8);
		assertThat(text).as(frame).doesNotContain("\n");
		JsonNode response = this.mapper.readTree(answer);
		assertThat(response.path("jsonrpc").asString()).as(text).isEqualTo("2.0");
		assertThat(response.has("id")).as(text).isTrue();
		assertThat(response.has("result") != response.has("error")).as(text).isTrue();
		if (response.has("error")) {
			assertThat(KNOWN_CODES).as(text).contains(response.path("error").path("code").asInt());
			assertThat(response.path("error").path("message").isString()).as(text).isTrue();
		}
	}

	private boolean isReadableRequest(String frame) {
		try {
			return this.codec.decode(this.mapper.readTree(frame)) instanceof JsonRpcRequest;
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private static String mutate(String seed, Random random) {
		StringBuilder frame = new StringBuilder(seed);
		int mutations = 1 + random.nextInt(3);
		for (int m = 0; m < mutations && !frame.isEmpty(); m++) {
			int at = random.nextInt(frame.length());
			switch (random.nextInt(6)) {
				case 0 -> frame.deleteCharAt(at);
				case 1 -> frame.insert(at, FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
				case 2 -> frame.setCharAt(at, (char) (32 + random.nextInt(95)));
				case 3 -> frame.setLength(at);
				case 4 -> frame.replace(at, Math.min(frame.length(), at + 1 + random.nextInt(8)),
						FRAGMENTS[random.nextInt(FRAGMENTS.length)]);
				default -> {
					// leave this one as it is: valid frames must keep working among
					// broken ones
				}
			}
		}
		return frame.toString();
	}

	private static final class EchoHandler implements JsonRpcHandler {

		@Override
		public CompletionStage<?> handleRequest(InboundRequest request) {
			if (!"echo".equals(request.method())) {
				return CompletableFuture
					.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(request.method())));
			}
			return CompletableFuture.completedFuture((request.params() != null) ? request.params() : "none");
		}

		@Override
		public void handleNotification(JsonRpcNotification notification) {
		}

	}

}

package dev.acp.spring.agent;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.acp.spring.agent.support.AcpAgent;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.jsonrpc.FuzzFrames;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of the whole agent: the handler chain of the {@link AcpAgent}
 * that {@link AcpAutoConfiguration} creates (one context for every input), on a
 * connection whose requests run on the reading thread, fed frames after an
 * {@code initialize} and checked with {@link FuzzFrames}. Runs the stored inputs as a
 * regression test; fuzzes with {@code JAZZER_FUZZ=1}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpAgentFuzzTests {

	private static final List<String> METHODS = List.of("initialize", "authenticate", "session/new", "session/load",
			"session/prompt", "session/cancel", "session/set_mode", "_fuzz/ping", "_fuzz/typed", "_fuzz/fail",
			"_fuzz/event", "_unknown/method");

	private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

	private static AnnotationConfigApplicationContext context;

	private static JsonRpcCodec codec;

	private static JsonRpcConnectionFactory factory;

	@BeforeAll
	static void startAgent() {
		LoggingSystem.get(AcpAgentFuzzTests.class.getClassLoader()).setLogLevel("dev.acp.spring", LogLevel.OFF);
		context = new AnnotationConfigApplicationContext();
		TestPropertyValues.of("acp.transport=none").applyTo(context);
		context.register(FuzzAgentConfiguration.class);
		context.refresh();
		codec = context.getBean(JsonRpcCodec.class);
		factory = new JsonRpcConnectionFactory(codec, Runnable::run, Duration.ofSeconds(5),
				context.getBean(AcpAgent.class));
	}

	@AfterAll
	static void stopAgent() {
		context.close();
		LoggingSystem.get(AcpAgentFuzzTests.class.getClassLoader()).setLogLevel("dev.acp.spring", null);
	}

	@FuzzTest(maxDuration = "30s")
	void framesToAgent(FuzzedDataProvider data) {
		List<byte[]> sent = new CopyOnWriteArrayList<>();
		JsonRpcConnection connection = factory.open("fuzz", "test", sent::add);
		FuzzFrames frames = new FuzzFrames(codec, data, METHODS, AcpAgentFuzzTests::params);
		frames.call(connection, sent, "initialize",
				"{\"protocolVersion\":1,\"clientCapabilities\":{},\"clientInfo\":{\"name\":\"fuzz\",\"version\":\"1\"}}");
		for (int i = 0; i < 48 && frames.hasMore(); i++) {
			frames.feed(connection, sent, frames.next(), true, List.of());
		}
		assertThat(frames.call(connection, sent, "_fuzz/ping", "{}").path("pong").asBoolean()).isTrue();
		assertThat(frames.call(connection, sent, "session/new", "{\"cwd\":\"/tmp\",\"mcpServers\":[]}")
			.path("sessionId")
			.isString()).isTrue();
		factory.close(connection, Duration.ZERO);
	}

	/**
	 * Params close to what each method expects, with some fields replaced by anything.
	 */
	private static JsonNode params(String method, FuzzFrames frames) {
		FuzzedDataProvider data = frames.data();
		if (data.consumeInt(0, 3) == 0) {
			return null;
		}
		ObjectNode params = NODES.objectNode();
		switch (method) {
			case "initialize" -> {
				params.put("protocolVersion", data.consumeInt(0, 3));
				params.set("clientCapabilities", NODES.objectNode());
			}
			case "session/new" -> {
				params.put("cwd", frames.pick("/tmp", "relative", frames.string()));
				params.set("mcpServers", NODES.arrayNode());
			}
			case "session/load" -> {
				params.put("sessionId", frames.pick("s-0", "s-1", frames.string()));
				params.put("cwd", "/tmp");
				params.set("mcpServers", NODES.arrayNode());
			}
			case "session/prompt" -> {
				params.put("sessionId", frames.pick("s-0", "s-1", frames.string()));
				ObjectNode block = NODES.objectNode();
				block.put("type", frames.pick("text", "image", "resource_link", "resource", frames.string()));
				block.put("text", frames.pick("hello", "fail", frames.string()));
				params.set("prompt", NODES.arrayNode().add(block));
			}
			case "session/cancel", "session/set_mode" -> {
				params.put("sessionId", frames.pick("s-0", "s-1", frames.string()));
				params.put("modeId", frames.string());
			}
			case "_fuzz/typed" -> {
				params.put("name", frames.string());
				params.put("count", data.consumeInt());
				params.set("tags", NODES.arrayNode().add(frames.string()));
			}
			default -> {
				return null;
			}
		}
		int replaced = data.consumeInt(0, 2);
		for (int i = 0; i < replaced; i++) {
			params.set(frames.pick("sessionId", "prompt", "cwd", "mcpServers", "protocolVersion", "clientCapabilities",
					"name", "count", "tags", "_meta"), frames.anyValue(2));
		}
		return params;
	}

	@Configuration(proxyBeanMethods = false)
	@ImportAutoConfiguration({ JacksonAutoConfiguration.class, AcpAutoConfiguration.class })
	static class FuzzAgentConfiguration {

		@Bean
		Sessions sessions() {
			return new Sessions();
		}

		@Bean
		FuzzExtension fuzzExtension() {
			return new FuzzExtension();
		}

	}

	static class Sessions {

		private final AtomicInteger next = new AtomicInteger();

		@AcpMethod("session/new")
		NewSessionResponse newSession(NewSessionRequest request) {
			return new NewSessionResponse("s-" + (this.next.getAndIncrement() % 2));
		}

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) {
			if ("fail".equals(request.text())) {
				throw new IllegalStateException("java.lang.IllegalStateException: secret");
			}
			return new PromptResponse(context.isCancelled() ? StopReason.CANCELLED : StopReason.END_TURN);
		}

	}

	@AcpExtension("fuzz")
	static class FuzzExtension {

		@AcpMethod("_fuzz/ping")
		Map<String, Boolean> ping() {
			return Map.of("pong", true);
		}

		@AcpMethod("_fuzz/typed")
		Map<String, Object> typed(Typed params) {
			return Map.of("name", String.valueOf(params.name()), "count", params.count());
		}

		@AcpMethod("_fuzz/fail")
		Map<String, Object> fail() {
			throw new UnsupportedOperationException("dev.acp.spring.Secret");
		}

		@AcpNotification("_fuzz/event")
		void event(JsonNode params) {
		}

	}

	record Typed(String name, int count, List<String> tags) {
	}

}

package dev.acp.spring.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.session.AcpSessionStore;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.deser.SettableBeanProperty;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.bean.PropertyValueBuffer;
import tools.jackson.databind.module.SimpleModule;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of how a prompt turn records its prompt: each content block is read once per turn
 * whatever the handler takes, the handler cannot change what was recorded, and params
 * that do not bind are refused as before.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpPromptRecordingTests {

	private static final String COUNTED = "counted ";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpSessionAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(CountingConfiguration.class);

	private static String newSession(TestPeer peer) throws InterruptedException {
		peer.initialize("{}");
		JsonNode answer = peer.call("session/new", "{\"cwd\":\"/work\",\"mcpServers\":[]}");
		return answer.at("/result/sessionId").asString();
	}

	private static JsonNode prompt(TestPeer peer, String sessionId, String blocks) throws InterruptedException {
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\"" + sessionId
				+ "\",\"prompt\":[" + blocks + "]}}");
		while (true) {
			JsonNode message = peer.next();
			if (message.has("id")) {
				return message;
			}
		}
	}

	private static List<String> history(AcpSessionStore store, String sessionId, ObjectMapper mapper) {
		List<String> history = new ArrayList<>();
		store.replay(sessionId, (update) -> history.add(mapper.writeValueAsString(update)));
		return history;
	}

	private static String text(String text) {
		return "{\"type\":\"text\",\"text\":\"" + text + "\"}";
	}

	@Test
	void eachBlockOfAPromptIsReadOncePerTurnWhenTheHandlerTakesAPromptRequest() {
		this.contextRunner.withUserConfiguration(TypedPromptConfiguration.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			String sessionId = newSession(peer);
			CountingModule counting = context.getBean(CountingModule.class);
			JsonNode answer = prompt(peer, sessionId, text(COUNTED + "a") + "," + text(COUNTED + "b"));
			assertThat(answer.at("/result/stopReason").asString()).isEqualTo("end_turn");
			assertThat(counting.texts).hasValue(2);
			assertThat(history(context.getBean(AcpSessionStore.class), sessionId,
					context.getBean(JsonRpcCodec.class).mapper()))
				.containsExactly(userMessageChunk(text(COUNTED + "a")), userMessageChunk(text(COUNTED + "b")),
						agentMessageChunk("echo counted acounted b"));
		});
	}

	@Test
	void eachBlockOfAPromptIsReadOncePerTurnWhenTheHandlerTakesAMap() {
		this.contextRunner.withUserConfiguration(MapPromptConfiguration.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			String sessionId = newSession(peer);
			CountingModule counting = context.getBean(CountingModule.class);
			JsonNode answer = prompt(peer, sessionId, text(COUNTED + "a"));
			assertThat(answer.at("/result/stopReason").asString()).isEqualTo("end_turn");
			assertThat(counting.texts).hasValue(1);
			assertThat(history(context.getBean(AcpSessionStore.class), sessionId,
					context.getBean(JsonRpcCodec.class).mapper()))
				.containsExactly(userMessageChunk(text(COUNTED + "a")), agentMessageChunk("map 1"));
		});
	}

	@Test
	void aHandlerChangingThePromptItGotDoesNotChangeWhatWasRecorded() {
		this.contextRunner.withUserConfiguration(TypedPromptConfiguration.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			String sessionId = newSession(peer);
			String annotated = "{\"type\":\"text\",\"text\":\"mutate\",\"annotations\":{\"audience\":[\"user\"],"
					+ "\"_meta\":{\"a\":[1]}},\"_meta\":{\"k\":{\"v\":1}},\"extra\":{\"x\":[2]}}";
			String unknown = "{\"type\":\"_acme/widget\",\"w\":{\"n\":1}}";
			prompt(peer, sessionId, annotated + "," + unknown);
			assertThat(history(context.getBean(AcpSessionStore.class), sessionId,
					context.getBean(JsonRpcCodec.class).mapper()))
				.containsExactly(userMessageChunk(annotated), userMessageChunk(unknown),
						agentMessageChunk("echo mutate"));
		});
	}

	@Test
	void aPromptWhoseBlocksDoNotBindIsInvalidParamsAndRecordsNothing() {
		this.contextRunner.withUserConfiguration(TypedPromptConfiguration.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			String sessionId = newSession(peer);
			JsonNode answer = prompt(peer, sessionId, text("a") + ",{\"type\":\"text\"}");
			assertThat(answer.get("error").toString()).isEqualTo("{\"code\":-32602,\"message\":\"Invalid params\","
					+ "\"data\":{\"errors\":[{\"field\":\"prompt[1].text\",\"message\":\"is required\"}]}}");
			assertThat(history(context.getBean(AcpSessionStore.class), sessionId,
					context.getBean(JsonRpcCodec.class).mapper()))
				.isEmpty();
		});
	}

	@Test
	void aPromptWhoseOtherParamsDoNotBindIsInvalidParamsAndRecordsItsBlocks() {
		this.contextRunner.withUserConfiguration(TypedPromptConfiguration.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			String sessionId = newSession(peer);
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"prompt\":[" + text("a") + "],\"_meta\":5}}");
			JsonNode answer = peer.next();
			assertThat(answer.get("error").toString()).isEqualTo("{\"code\":-32602,\"message\":\"Invalid params\","
					+ "\"data\":{\"errors\":[{\"field\":\"_meta\",\"message\":\"has the wrong type or shape\"}]}}");
			assertThat(history(context.getBean(AcpSessionStore.class), sessionId,
					context.getBean(JsonRpcCodec.class).mapper()))
				.containsExactly(userMessageChunk(text("a")));
		});
	}

	private static String userMessageChunk(String block) {
		return "{\"sessionUpdate\":\"user_message_chunk\",\"content\":" + block + "}";
	}

	private static String agentMessageChunk(String text) {
		return "{\"sessionUpdate\":\"agent_message_chunk\",\"content\":" + text(text) + "}";
	}

	@Configuration(proxyBeanMethods = false)
	static class CountingConfiguration {

		@Bean
		CountingModule countingModule() {
			return new CountingModule();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class TypedPromptConfiguration {

		@Bean
		TypedPrompts typedPrompts() {
			return new TypedPrompts();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class MapPromptConfiguration {

		@Bean
		MapPrompts mapPrompts() {
			return new MapPrompts();
		}

	}

	static class TypedPrompts {

		@AcpMethod("session/prompt")
		@SuppressWarnings("unchecked")
		PromptResponse prompt(PromptRequest request, AcpClient client) {
			String text = request.text();
			for (ContentBlock block : request.prompt()) {
				if (block instanceof ContentBlock.Text textBlock && textBlock.meta() != null) {
					textBlock.meta().put("changed", true);
					((Map<String, Object>) textBlock.meta().get("k")).put("v", 2);
					textBlock.annotations().audience().clear();
					textBlock.annotations().meta().put("changed", true);
					((List<Object>) ((Map<String, Object>) textBlock.unknown().get("extra")).get("x")).add(3);
				}
				if (block instanceof ContentBlock.Unknown unknown) {
					unknown.raw().put("changed", true);
				}
			}
			request.prompt().set(0, ContentBlock.text("replaced"));
			client.agentMessageChunk(request.sessionId(), "echo " + text);
			return new PromptResponse(StopReason.END_TURN);
		}

	}

	static class MapPrompts {

		@AcpMethod("session/prompt")
		PromptResponse prompt(Map<String, Object> params, AcpClient client) {
			client.agentMessageChunk((String) params.get("sessionId"),
					"map " + ((List<?>) params.get("prompt")).size());
			return new PromptResponse(StopReason.END_TURN);
		}

	}

	/**
	 * Counts the text blocks Jackson instantiates whose text starts with {@link #COUNTED}
	 * (the protocol warm-up reads blocks of its own meanwhile).
	 */
	static final class CountingModule extends SimpleModule {

		final AtomicInteger texts = new AtomicInteger();

		CountingModule() {
			super("counting-text-blocks");
		}

		@Override
		public void setupModule(SetupContext context) {
			super.setupModule(context);
			context.addValueInstantiators(new ValueInstantiators.Base() {

				@Override
				public ValueInstantiator modifyValueInstantiator(DeserializationConfig config,
						BeanDescription.Supplier description, ValueInstantiator instantiator) {
					return (description.getBeanClass() == ContentBlock.Text.class)
							? new CountingInstantiator(instantiator, CountingModule.this.texts) : instantiator;
				}

			});
		}

	}

	static final class CountingInstantiator extends ValueInstantiator.Delegating {

		private final AtomicInteger count;

		CountingInstantiator(ValueInstantiator delegate, AtomicInteger count) {
			super(delegate);
			this.count = count;
		}

		@Override
		public ValueInstantiator createContextual(DeserializationContext context,
				BeanDescription.Supplier description) {
			return new CountingInstantiator(delegate().createContextual(context, description), this.count);
		}

		@Override
		public Object createFromObjectWith(DeserializationContext context, Object[] arguments) {
			return counted(super.createFromObjectWith(context, arguments));
		}

		@Override
		public Object createFromObjectWith(DeserializationContext context, SettableBeanProperty[] properties,
				PropertyValueBuffer buffer) {
			return counted(super.createFromObjectWith(context, properties, buffer));
		}

		private Object counted(Object value) {
			if (value instanceof ContentBlock.Text text && text.text().startsWith(COUNTED)) {
				this.count.incrementAndGet();
			}
			return value;
		}

	}

}

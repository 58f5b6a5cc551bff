package dev.acp.spring.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.protocol.ContentBlock;
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
 * The baseline every ACP v1 agent keeps, whatever it advertises: text and resource link
 * blocks in prompts, session/new, session/prompt, session/cancel and session/update,
 * updates of a cancelled turn before its answer, session/close cancelling the running
 * turn, and an empty list when no session matches.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpPromptBaselineTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpSessionAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(BaselineConfiguration.class);

	@Test
	void textAndResourceLinkBlocksReachThePromptHandlerOfAnAgentAdvertisingNoPromptCapability() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode initialize = peer.initialize("{}");
			assertThat(initialize.at("/agentCapabilities/promptCapabilities/image").asBoolean(false)).isFalse();
			assertThat(initialize.at("/agentCapabilities/promptCapabilities/embeddedContext").asBoolean(false))
				.isFalse();
			String sessionId = peer.newSession();
			JsonNode answer = peer.call("session/prompt",
					"{\"sessionId\":\"" + sessionId + "\",\"prompt\":[" + "{\"type\":\"text\",\"text\":\"look at\"},"
							+ "{\"type\":\"resource_link\",\"uri\":\"file:///work/a.txt\",\"name\":\"a.txt\"}]}");
			while (!answer.has("id")) {
				answer = peer.next();
			}
			assertThat(answer.at("/result/stopReason").asString()).isEqualTo("end_turn");
			List<ContentBlock> blocks = context.getBean(BaselinePrompts.class).received.get(0).prompt();
			assertThat(blocks).hasSize(2);
			assertThat(blocks.get(0)).isEqualTo(ContentBlock.text("look at"));
			assertThat(blocks.get(1)).isInstanceOfSatisfying(ContentBlock.ResourceLink.class, (link) -> {
				assertThat(link.uri()).isEqualTo("file:///work/a.txt");
				assertThat(link.name()).isEqualTo("a.txt");
			});
		});
	}

	@Test
	void anAgentWithAPromptHandlerServesSessionNewPromptCancelAndSendsUpdates() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = peer.newSession();
			peer.send(prompt(2, sessionId, "hello"));
			assertThat(untilAnswer(peer, 2)).containsExactly("agent_message_chunk:echo hello", "2:end_turn");
			peer.send(prompt(3, sessionId, "wait"));
			assertThat(context.getBean(BaselinePrompts.class).waiting.await(10, TimeUnit.SECONDS)).isTrue();
			peer.send(cancel(sessionId));
			assertThat(untilAnswer(peer, 3)).last().isEqualTo("3:cancelled");
		});
	}

	@Test
	void anUpdateTheHandlerSendsAfterTheCancelPrecedesTheCancelledAnswer() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = peer.newSession();
			peer.send(prompt(2, sessionId, "wait"));
			assertThat(context.getBean(BaselinePrompts.class).waiting.await(10, TimeUnit.SECONDS)).isTrue();
			peer.send(cancel(sessionId));
			assertThat(untilAnswer(peer, 2)).containsExactly("agent_message_chunk:stopped", "2:cancelled");
		});
	}

	@Test
	void sessionCloseCancelsTheRunningTurn() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = peer.newSession();
			peer.send(prompt(2, sessionId, "wait"));
			assertThat(context.getBean(BaselinePrompts.class).waiting.await(10, TimeUnit.SECONDS)).isTrue();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session/close\",\"params\":{\"sessionId\":\""
					+ sessionId + "\"}}");
			List<String> seen = new ArrayList<>(untilAnswer(peer, 2));
			assertThat(seen).contains("agent_message_chunk:stopped", "2:cancelled");
			if (!seen.contains("3:{}")) {
				seen.addAll(untilAnswer(peer, 3));
			}
			assertThat(seen).contains("3:{}");
		});
	}

	@Test
	void aListMatchingNoSessionAnswersAnEmptyArray() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.newSession();
			JsonNode answer = peer.call("session/list", "{\"cwd\":\"/nowhere\"}");
			assertThat(answer.at("/result/sessions").isArray()).isTrue();
			assertThat(answer.at("/result/sessions")).isEmpty();
			assertThat(answer.at("/result/nextCursor").isMissingNode()).isTrue();
		});
	}

	private static String prompt(int id, String sessionId, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	private static String cancel(String sessionId) {
		return "{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + sessionId + "\"}}";
	}

	/**
	 * The messages up to the answer of the request with the given id: each update as its
	 * kind and text, each answer as its id and stop reason (or its result).
	 */
	private static List<String> untilAnswer(TestPeer peer, int id) throws InterruptedException {
		List<String> seen = new ArrayList<>();
		while (true) {
			JsonNode message = peer.next();
			if (message.has("id")) {
				JsonNode result = message.get("result");
				String shown = (result == null) ? "error " + message.at("/error/code").asInt()
						: result.has("stopReason") ? result.get("stopReason").asString() : result.toString();
				seen.add(message.get("id").asInt() + ":" + shown);
				if (message.get("id").asInt() == id) {
					return seen;
				}
				continue;
			}
			JsonNode update = message.at("/params/update");
			seen.add(update.get("sessionUpdate").asString() + ":" + update.at("/content/text").asString());
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class BaselineConfiguration {

		@Bean
		BaselinePrompts baselinePrompts() {
			return new BaselinePrompts();
		}

	}

	static class BaselinePrompts {

		final List<PromptRequest> received = new CopyOnWriteArrayList<>();

		final CountDownLatch waiting = new CountDownLatch(1);

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpClient client) {
			this.received.add(request);
			if ("wait".equals(request.text())) {
				this.waiting.countDown();
				try {
					new CountDownLatch(1).await(30, TimeUnit.SECONDS);
					return new PromptResponse(StopReason.END_TURN);
				}
				catch (InterruptedException ex) {
					client.agentMessageChunk(request.sessionId(), "stopped");
					return new PromptResponse(StopReason.CANCELLED);
				}
			}
			if (request.prompt().size() == 1) {
				client.agentMessageChunk(request.sessionId(), "echo " + request.text());
			}
			return new PromptResponse(StopReason.END_TURN);
		}

	}

}

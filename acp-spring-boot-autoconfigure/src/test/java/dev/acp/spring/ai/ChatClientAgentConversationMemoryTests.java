package dev.acp.spring.ai;

import java.time.Duration;
import java.util.List;

import dev.acp.spring.agent.TestPeer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.messages.Message;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The model's side of a conversation is forgotten when nothing can continue it (the
 * session deleted; closed, or its connection ended, when sessions are not kept), kept for
 * a later load or resume otherwise, and bounded in bytes either way.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ChatClientAgentConversationMemoryTests {

	private final ApplicationContextRunner contextRunner = ChatClientAgentContexts.agent()
		.withUserConfiguration(MemoryConfiguration.class);

	@Test
	void aDeletedSessionsConversationIsForgottenBeforeTheDeleteIsAnswered() {
		this.contextRunner.run((context) -> {
			TestPeer peer = peer(context);
			String sessionId = peer.newSession();
			prompt(peer, sessionId, "remember me");
			assertThat(memory(context, sessionId)).isNotEmpty();

			JsonNode answer = peer.call("session/delete", "{\"sessionId\":\"" + sessionId + "\"}");

			assertThat(answer.has("result")).as("%s", answer).isTrue();
			assertThat(memory(context, sessionId)).isEmpty();
		});
	}

	@Test
	void aClosedSessionsConversationIsKeptWhileTheSessionCanBeResumed() {
		this.contextRunner.run((context) -> {
			TestPeer peer = peer(context);
			String sessionId = peer.newSession();
			prompt(peer, sessionId, "remember me");

			JsonNode answer = peer.call("session/close", "{\"sessionId\":\"" + sessionId + "\"}");

			assertThat(answer.has("result")).as("%s", answer).isTrue();
			assertThat(memory(context, sessionId)).extracting(Message::getText).contains("remember me");
		});
	}

	@Test
	void withoutKeptSessionsTheConversationsOfAConnectionAreForgottenWhenItEnds() {
		this.contextRunner.withPropertyValues("acp.sessions.enabled=false").run((context) -> {
			TestPeer peer = peer(context);
			String sessionId = peer.newSession();
			prompt(peer, sessionId, "remember me");
			assertThat(memory(context, sessionId)).isNotEmpty();

			peer.connection().close(Duration.ofSeconds(1));

			assertThat(memory(context, sessionId)).isEmpty();
		});
	}

	@Test
	void theConversationsHeldAreBoundedInBytesTheLeastRecentlyUsedForgottenFirst() {
		this.contextRunner.withPropertyValues("acp.ai.memory.max-size=2KB").run((context) -> {
			TestPeer peer = peer(context);
			String first = peer.newSession();
			prompt(peer, first, "a".repeat(900));
			String second = peer.newSession();
			prompt(peer, second, "b".repeat(900));
			String third = peer.newSession();

			prompt(peer, third, "c".repeat(900));

			assertThat(memory(context, first)).as("the least recently used conversation").isEmpty();
			assertThat(memory(context, second)).extracting(Message::getText).contains("b".repeat(900));
			assertThat(memory(context, third)).extracting(Message::getText).contains("c".repeat(900));
		});
	}

	@Test
	void aConversationPastItsBoundDropsItsOldestMessages() {
		this.contextRunner.withPropertyValues("acp.ai.memory.max-conversation-size=1KB").run((context) -> {
			TestPeer peer = peer(context);
			String sessionId = peer.newSession();
			prompt(peer, sessionId, "a".repeat(600));

			prompt(peer, sessionId, "b".repeat(600));

			List<String> held = memory(context, sessionId).stream().map(Message::getText).toList();
			assertThat(held).doesNotContain("a".repeat(600)).contains("b".repeat(600));
			assertThat(held.stream().mapToInt(String::length).sum()).isLessThanOrEqualTo(1024);
		});
	}

	private static TestPeer peer(ApplicationContext context) throws InterruptedException {
		TestPeer peer = new TestPeer(context);
		peer.initialize("{}");
		return peer;
	}

	private static void prompt(TestPeer peer, String sessionId, String text) throws InterruptedException {
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":\"turn\",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}");
		JsonNode message = peer.next();
		while (!message.has("id")) {
			message = peer.next();
		}
		assertThat(message.at("/result/stopReason").asString()).as("%s", message).isEqualTo("end_turn");
	}

	private static List<Message> memory(ApplicationContext context, String sessionId) {
		return context.getBean(ChatMemory.class).get(sessionId);
	}

	@Configuration(proxyBeanMethods = false)
	static class MemoryConfiguration {

		@Bean
		ChatMemory chatMemory() {
			return MessageWindowChatMemory.builder().build();
		}

	}

}

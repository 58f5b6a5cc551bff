package dev.acp.spring.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionStore;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Nothing a session is sent or given is lost or brought back: what was sent is replayed
 * as sent, a turn holds its claim to its end, a deleted session stays deleted, and two
 * connections serving one session lose none of each other's changes. Run against each
 * store by a subclass.
 *
 * @author ACP Spring Boot Starter contributors
 */
abstract class AcpSessionKeepingTests {

	/**
	 * The agent, with the store under test.
	 * @return the runner
	 */
	protected ApplicationContextRunner contextRunner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
					AcpSessionAutoConfiguration.class))
			.withPropertyValues("acp.transport=none")
			.withUserConfiguration(AcpSessionsTests.PromptConfiguration.class);
	}

	private static TestPeer peer(ApplicationContext context) throws InterruptedException {
		TestPeer peer = new TestPeer(context);
		peer.initialize("{}");
		return peer;
	}

	private static String load(String sessionId) {
		return "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}";
	}

	private static void send(TestPeer peer, int id, String method, String params) {
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}");
	}

	private static void prompt(TestPeer peer, int id, String sessionId, String text) {
		send(peer, id, "session/prompt",
				"{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}");
	}

	/**
	 * The messages up to and including the answer of a request: each update's kind with
	 * its text or first plan entry's status, then "answer" or the error code.
	 */
	private static List<String> untilAnswer(TestPeer peer) throws InterruptedException {
		List<String> seen = new ArrayList<>();
		while (true) {
			JsonNode message = peer.next();
			if (message.has("id")) {
				seen.add(message.has("result") ? "answer" : "error " + message.at("/error/code").asInt());
				return seen;
			}
			JsonNode update = message.at("/params/update");
			String kind = update.get("sessionUpdate").asString();
			seen.add(kind + ":" + ("plan".equals(kind) ? update.at("/entries/0/status").asString()
					: update.at("/content/text").asString()));
		}
	}

	@Test
	void aPlanChangedByTheApplicationAfterItWasSentIsReplayedAsSent() {
		contextRunner().run((context) -> {
			TestPeer first = peer(context);
			String sessionId = first.newSession();
			prompt(first, 2, sessionId, "plan");
			assertThat(untilAnswer(first)).containsExactly("plan:pending", "answer");
			TestPeer second = peer(context);
			send(second, 3, "session/load", load(sessionId));
			assertThat(untilAnswer(second)).containsExactly("user_message_chunk:plan", "plan:pending", "answer");
		});
	}

	@Test
	void aLoadOrResumeOnTheConnectionOfARunningTurnKeepsTheTurnsClaim() {
		contextRunner().run((context) -> {
			AcpSessionsTests.Prompts prompts = context.getBean(AcpSessionsTests.Prompts.class);
			TestPeer first = peer(context);
			String sessionId = first.newSession();
			prompt(first, 9, sessionId, "block");
			assertThat(prompts.blocked.await(10, TimeUnit.SECONDS)).isTrue();
			TestPeer second = peer(context);
			send(first, 20, "session/load", load(sessionId));
			assertThat(untilAnswer(first)).containsExactly("answer");
			send(second, 30, "session/load", load(sessionId));
			assertThat(untilAnswer(second)).as("after a load").containsExactly("error -32001");
			send(first, 21, "session/resume", load(sessionId));
			assertThat(untilAnswer(first)).containsExactly("answer");
			send(second, 31, "session/load", load(sessionId));
			assertThat(untilAnswer(second)).as("after a resume").containsExactly("error -32001");
			prompts.gate.countDown();
			assertThat(untilAnswer(first)).containsExactly("answer");
			send(second, 33, "session/load", load(sessionId));
			assertThat(untilAnswer(second)).containsExactly("user_message_chunk:block", "answer");
		});
	}

	@Test
	void aSessionDeletedOnAnotherConnectionStaysDeletedAndItsNextTurnThereIsNotFound() {
		contextRunner().run((context) -> {
			TestPeer first = peer(context);
			String sessionId = first.newSession();
			prompt(first, 2, sessionId, "one");
			assertThat(untilAnswer(first)).containsExactly("agent_message_chunk:echo one", "answer");
			TestPeer second = peer(context);
			send(second, 3, "session/delete", "{\"sessionId\":\"" + sessionId + "\"}");
			assertThat(untilAnswer(second)).containsExactly("answer");
			prompt(first, 4, sessionId, "two");
			assertThat(untilAnswer(first)).containsExactly("error -32002");
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId)).isNull();
			prompt(first, 5, sessionId, "three");
			assertThat(untilAnswer(first)).containsExactly("agent_message_chunk:echo three", "answer");
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId)).isNull();
		});
	}

	@Test
	void theTurnsOfTwoConnectionsServingOneSessionAreAllCounted() {
		contextRunner().run((context) -> {
			TestPeer first = peer(context);
			String sessionId = first.newSession();
			prompt(first, 2, sessionId, "one");
			assertThat(untilAnswer(first)).containsExactly("agent_message_chunk:echo one", "answer");
			TestPeer second = peer(context);
			send(second, 3, "session/resume", load(sessionId));
			assertThat(untilAnswer(second)).containsExactly("answer");
			prompt(second, 4, sessionId, "two");
			assertThat(untilAnswer(second)).containsExactly("agent_message_chunk:echo two", "answer");
			prompt(first, 5, sessionId, "three");
			assertThat(untilAnswer(first)).containsExactly("agent_message_chunk:echo three", "answer");
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId).attributes()).containsEntry("turns", 3);
		});
	}

	@Test
	void aTitleSetOnOneConnectionSurvivesATurnOfAnotherServingTheSameSession() {
		contextRunner().run((context) -> {
			TestPeer first = peer(context);
			String sessionId = first.newSession();
			TestPeer second = peer(context);
			send(second, 3, "session/resume", load(sessionId));
			assertThat(untilAnswer(second)).containsExactly("answer");
			send(first, 4, "_sessions.test/title", "{\"sessionId\":\"" + sessionId + "\"}");
			assertThat(untilAnswer(first)).containsExactly("answer");
			prompt(first, 5, sessionId, "one");
			assertThat(untilAnswer(first)).containsExactly("agent_message_chunk:echo one", "answer");
			prompt(second, 6, sessionId, "two");
			assertThat(untilAnswer(second)).containsExactly("agent_message_chunk:echo two", "answer");
			AcpSessionData data = context.getBean(AcpSessionStore.class).find(sessionId);
			assertThat(data.title()).isEqualTo("Titled");
			assertThat(data.attributes()).containsEntry("turns", 2);
		});
	}

}

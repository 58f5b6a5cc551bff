package dev.acp.spring.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import dev.acp.spring.agent.support.DefaultAcpSessions;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.method.AcpSessionListener;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PlanEntry;
import dev.acp.spring.protocol.PlanEntryStatus;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionMode;
import dev.acp.spring.protocol.SessionModeState;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.SetSessionModeRequest;
import dev.acp.spring.protocol.SetSessionModeResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.session.AcpSession;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionPage;
import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.InMemoryAcpSessionStore;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the sessions the starter keeps, driven over in-memory connections: recorded
 * and replayed in order, listed, claimed by one connection at a time, closed, deleted,
 * and handed to handlers.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpSessionsTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpSessionAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(PromptConfiguration.class);

	private static String newSession(TestPeer peer, String cwd) throws InterruptedException {
		JsonNode answer = peer.call("session/new", "{\"cwd\":\"" + cwd + "\",\"mcpServers\":[]}");
		assertThat(answer.has("result")).as("%s", answer).isTrue();
		return answer.at("/result/sessionId").asString();
	}

	private static JsonNode prompt(TestPeer peer, String sessionId, String text) throws InterruptedException {
		peer.send(promptRequest(7, sessionId, text));
		return peer.next();
	}

	private static String promptRequest(int id, String sessionId, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	/**
	 * The messages up to and including the answer of a request, as "update-kind:text" for
	 * each update and "answer" for the answer.
	 */
	private static List<String> untilAnswer(TestPeer peer) throws InterruptedException {
		List<String> seen = new ArrayList<>();
		while (true) {
			JsonNode message = peer.next();
			if (message.has("id")) {
				seen.add(message.has("result") ? "answer" : "error " + message.get("error"));
				return seen;
			}
			JsonNode update = message.at("/params/update");
			seen.add(update.get("sessionUpdate").asString() + ":" + update.at("/content/text").asString());
		}
	}

	@Test
	void aSessionLoadedOnAnotherConnectionReplaysItsHistoryInOrderThenAnswers() {
		this.contextRunner.run((context) -> {
			TestPeer first = new TestPeer(context);
			first.initialize("{}");
			String sessionId = newSession(first, "/work");
			assertThat(sessionId).matches("sess_[0-9a-f]{32}");
			assertThat(untilAnswer(peerPrompt(first, sessionId, "one"))).containsExactly("agent_message_chunk:echo one",
					"answer");
			assertThat(untilAnswer(peerPrompt(first, sessionId, "two"))).containsExactly("agent_message_chunk:echo two",
					"answer");
			TestPeer second = new TestPeer(context);
			second.initialize("{}");
			second.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/load\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}}");
			assertThat(untilAnswer(second)).containsExactly("user_message_chunk:one", "agent_message_chunk:echo one",
					"user_message_chunk:two", "agent_message_chunk:echo two", "answer");
			assertThat(untilAnswer(peerPrompt(second, sessionId, "three")))
				.containsExactly("agent_message_chunk:echo three", "answer");
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId).attributes()).containsEntry("turns", 3);
		});
	}

	private static TestPeer peerPrompt(TestPeer peer, String sessionId, String text) {
		peer.send(promptRequest(7, sessionId, text));
		return peer;
	}

	@Test
	void eachContentBlockOfAPromptIsRecordedAsAUserMessageChunk() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
					+ sessionId
					+ "\",\"prompt\":[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"text\",\"text\":\"b\"}]}}");
			untilAnswer(peer);
			List<String> history = new ArrayList<>();
			context.getBean(AcpSessionStore.class)
				.replay(sessionId, (update) -> history.add(update.getClass().getSimpleName()));
			assertThat(history).containsExactly("UserMessageChunk", "UserMessageChunk", "AgentMessageChunk");
		});
	}

	@Test
	void theStarterServedSessionMethodsAreAdvertised() {
		this.contextRunner.run((context) -> {
			JsonNode result = new TestPeer(context).initialize("{}");
			assertThat(result.at("/agentCapabilities/loadSession").asBoolean()).isTrue();
			assertThat(result.at("/agentCapabilities/sessionCapabilities").toString())
				.isEqualTo("{\"list\":{},\"delete\":{},\"resume\":{},\"close\":{}}");
		});
	}

	@Test
	void listPagesTheMostRecentlyUpdatedFirstAndFiltersByCwd() {
		this.contextRunner.withPropertyValues("acp.sessions.list-page-size=2").run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String a1 = newSession(peer, "/a");
			String a2 = newSession(peer, "/a");
			newSession(peer, "/b");
			String a3 = newSession(peer, "/a");
			untilAnswer(peerPrompt(peer, a1, "latest"));
			JsonNode first = peer.call("session/list", "{\"cwd\":\"/a\"}").get("result");
			assertThat(first.get("sessions")).hasSize(2);
			assertThat(first.at("/sessions/0/sessionId").asString()).isEqualTo(a1);
			assertThat(first.at("/sessions/0/cwd").asString()).isEqualTo("/a");
			assertThat(first.at("/sessions/0/updatedAt").isString()).isTrue();
			String cursor = first.get("nextCursor").asString();
			JsonNode second = peer.call("session/list", "{\"cwd\":\"/a\",\"cursor\":\"" + cursor + "\"}").get("result");
			assertThat(second.get("sessions")).hasSize(1);
			assertThat(second.has("nextCursor")).isFalse();
			List<String> listed = List.of(first.at("/sessions/1/sessionId").asString(),
					second.at("/sessions/0/sessionId").asString());
			assertThat(listed).containsExactlyInAnyOrder(a2, a3);
			assertThat(peer.call("session/list", "{}").at("/result/sessions")).hasSize(2);
		});
	}

	@Test
	void aCursorTheAgentDidNotGiveIsInvalidParams() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call("session/list", "{\"cursor\":\"bogus\"}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("cursor");
		});
	}

	@Test
	void aCursorTheAgentGaveWithOneByteChangedIsInvalidParamsAndTheConnectionKeepsAnswering() {
		this.contextRunner.withPropertyValues("acp.sessions.list-page-size=1").run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			newSession(peer, "/a");
			newSession(peer, "/a");
			String cursor = peer.call("session/list", "{}").at("/result/nextCursor").asString();
			byte[] bytes = Base64.getUrlDecoder().decode(cursor);
			bytes[bytes.length - 1] ^= 1;
			String tampered = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
			JsonNode answer = peer.call("session/list", "{\"cursor\":\"" + tampered + "\"}");
			assertThat(answer.at("/error/code").asInt()).as("%s", answer).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("cursor");
			JsonNode next = peer.call("session/list", "{\"cursor\":\"" + cursor + "\"}");
			assertThat(next.at("/result/sessions")).as("%s", next).hasSize(1);
		});
	}

	@Test
	void loadingASessionWhoseTurnRunsOnAnotherConnectionIsRefusedAsBusy() {
		this.contextRunner.run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer first = new TestPeer(context);
			first.initialize("{}");
			String sessionId = newSession(first, "/work");
			first.send(promptRequest(9, sessionId, "block"));
			assertThat(prompts.blocked.await(10, TimeUnit.SECONDS)).isTrue();
			TestPeer second = new TestPeer(context);
			second.initialize("{}");
			String load = "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}";
			JsonNode busy = second.call("session/load", load);
			assertThat(busy.at("/error/code").asInt()).isEqualTo(-32001);
			assertThat(busy.at("/error/message").asString()).isEqualTo("Session busy");
			assertThat(busy.at("/error/data/detail").asString())
				.contains("session " + sessionId + " is busy on another connection");
			assertThat(second.call("session/resume", "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\"}")
				.at("/error/code")
				.asInt()).isEqualTo(-32001);
			prompts.gate.countDown();
			assertThat(untilAnswer(first)).containsExactly("answer");
			second.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/load\",\"params\":" + load + "}");
			assertThat(untilAnswer(second)).containsExactly("user_message_chunk:block", "answer");
		});
	}

	@Test
	void aResumedSessionIsServedWithoutReplay() {
		this.contextRunner.run((context) -> {
			TestPeer first = new TestPeer(context);
			first.initialize("{}");
			String sessionId = newSession(first, "/work");
			untilAnswer(peerPrompt(first, sessionId, "one"));
			TestPeer second = new TestPeer(context);
			second.initialize("{}");
			JsonNode resumed = second.call("session/resume", "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\"}");
			assertThat(resumed.get("result").toString()).isEqualTo("{}");
			assertThat(untilAnswer(peerPrompt(second, sessionId, "two")))
				.containsExactly("agent_message_chunk:echo two", "answer");
		});
	}

	@Test
	void deleteRemovesTheSessionFromTheStore() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			assertThat(peer.call("session/delete", "{\"sessionId\":\"" + sessionId + "\"}").get("result").toString())
				.isEqualTo("{}");
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId)).isNull();
			assertThat(peer
				.call("session/load", "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}")
				.at("/error/code")
				.asInt()).isEqualTo(-32002);
		});
	}

	@Test
	void aRepeatedOrUnknownDeleteSucceedsSilentlyAndTellsTheListenersOnlyOfTheSessionDeleted() {
		this.contextRunner.withUserConfiguration(DeletionListenerConfiguration.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			String delete = "{\"sessionId\":\"" + sessionId + "\"}";
			assertThat(peer.call("session/delete", delete).get("result")).hasToString("{}");
			assertThat(peer.call("session/delete", delete).get("result")).as("deleted again").hasToString("{}");
			assertThat(peer.call("session/delete", "{\"sessionId\":\"sess_never\"}").get("result")).as("never existed")
				.hasToString("{}");
			assertThat(context.getBean(DeletionListener.class).deleted).containsExactly(sessionId);
		});
	}

	@Test
	void closeForgetsTheSessionOnTheConnectionAndKeepsItInTheStore() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			untilAnswer(peerPrompt(peer, sessionId, "one"));
			assertThat(peer.call("session/close", "{\"sessionId\":\"" + sessionId + "\"}").get("result").toString())
				.isEqualTo("{}");
			JsonNode title = peer.call("_sessions.test/title", "{\"sessionId\":\"" + sessionId + "\"}");
			assertThat(title.at("/error/code").asInt()).isEqualTo(-32002);
			assertThat(title.at("/error/data/sessionId").asString()).isEqualTo(sessionId);
			assertThat(title.at("/error/data/detail").asString()).contains("open on this connection");
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId)).isNotNull();
			assertThat(peer.call("session/close", "{\"sessionId\":\"" + sessionId + "\"}").at("/error/code").asInt())
				.isEqualTo(-32002);
		});
	}

	@Test
	void aHandlerGetsTheSessionAndItsChangesAreKept() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			JsonNode answer = peer.call("_sessions.test/title", "{\"sessionId\":\"" + sessionId + "\"}");
			assertThat(answer.at("/result/cwd").asString()).isEqualTo("/work");
			untilAnswer(peerPrompt(peer, sessionId, "one"));
			AcpSessionData data = context.getBean(AcpSessionStore.class).find(sessionId);
			assertThat(data.title()).isEqualTo("Titled");
			assertThat(data.attributes()).containsEntry("turns", 1);
			JsonNode listed = peer.call("session/list", "{}").get("result");
			assertThat(listed.at("/sessions/0/title").asString()).isEqualTo("Titled");
		});
	}

	@Test
	void anAcpSessionParameterForAnUnknownSessionIsResourceNotFound() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call("_sessions.test/title", "{\"sessionId\":\"sess_nope\"}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32002);
			assertThat(answer.at("/error/message").asString()).isEqualTo("Resource not found");
			assertThat(answer.at("/error/data/sessionId").asString()).isEqualTo("sess_nope");
		});
	}

	@Test
	void aUserLoadHandlerWinsAndCanReplayTheHistory() {
		this.contextRunner.withUserConfiguration(UserLoadConfiguration.class).run((context) -> {
			TestPeer first = new TestPeer(context);
			assertThat(first.initialize("{}").at("/agentCapabilities/loadSession").asBoolean()).isTrue();
			String sessionId = newSession(first, "/work");
			untilAnswer(peerPrompt(first, sessionId, "one"));
			TestPeer second = new TestPeer(context);
			second.initialize("{}");
			second.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/load\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}}");
			assertThat(untilAnswer(second)).containsExactly("user_message_chunk:one", "agent_message_chunk:echo one",
					"answer");
			assertThat(context.getBean(UserLoad.class).loads).isEqualTo(1);
			assertThat(untilAnswer(peerPrompt(second, sessionId, "two")))
				.containsExactly("agent_message_chunk:echo two", "answer");
			List<String> history = new ArrayList<>();
			context.getBean(AcpSessionStore.class).replay(sessionId, (update) -> history.add(update.toString()));
			assertThat(history).hasSize(4);
		});
	}

	@Test
	void withSessionsOffTheStarterServesNoSessionMethod() {
		this.contextRunner.withPropertyValues("acp.sessions.enabled=false").run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode result = peer.initialize("{}");
			assertThat(result.at("/agentCapabilities").has("loadSession")).isFalse();
			assertThat(result.at("/agentCapabilities").has("sessionCapabilities")).isFalse();
			assertThat(peer.call("session/new", "{\"cwd\":\"/w\",\"mcpServers\":[]}").at("/error/code").asInt())
				.isEqualTo(-32601);
			assertThat(peer.call("_sessions.test/title", "{\"sessionId\":\"s\"}").at("/error/code").asInt())
				.isEqualTo(-32002);
		});
	}

	@Test
	void updatesSentOutsideATurnAndRawUpdatesAreRecordedAtOnceInOrder() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			peer.send(
					"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"_sessions.test/announce\",\"params\":{\"sessionId\":\""
							+ sessionId + "\"}}");
			assertThat(untilAnswer(peer)).containsExactly("agent_message_chunk:typed", "agent_message_chunk:raw",
					"answer");
			List<String> history = new ArrayList<>();
			context.getBean(AcpSessionStore.class)
				.replay(sessionId, (update) -> history
					.add(((ContentBlock.Text) ((SessionUpdate.AgentMessageChunk) update).content()).text()));
			assertThat(history).containsExactly("typed", "raw");
		});
	}

	@Test
	void aSessionTheApplicationCreatesIsKeptWithItsModeAndModeChanges() {
		this.contextRunner.withUserConfiguration(UserNewConfiguration.class).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			assertThat(sessionId).isEqualTo("sess_user1");
			AcpSessionStore store = context.getBean(AcpSessionStore.class);
			assertThat(store.find(sessionId).currentModeId()).isEqualTo("ask");
			assertThat(
					peer.call("session/set_mode", "{\"sessionId\":\"sess_user1\",\"modeId\":\"code\"}").has("result"))
				.isTrue();
			assertThat(store.find(sessionId).currentModeId()).isEqualTo("code");
			untilAnswer(peerPrompt(peer, sessionId, "one"));
			assertThat(store.find(sessionId).attributes()).containsEntry("turns", 1);
		});
	}

	@Test
	void aPromptOfASessionWhoseTurnRunsOnAnotherConnectionIsRefusedAsBusy() {
		this.contextRunner.run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			TestPeer first = new TestPeer(context);
			first.initialize("{}");
			String sessionId = newSession(first, "/work");
			TestPeer second = new TestPeer(context);
			second.initialize("{}");
			second.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/resume\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"cwd\":\"/work\"}}");
			assertThat(untilAnswer(second)).containsExactly("answer");
			first.send(promptRequest(9, sessionId, "block"));
			assertThat(prompts.blocked.await(10, TimeUnit.SECONDS)).isTrue();
			JsonNode busy = prompt(second, sessionId, "two");
			assertThat(busy.at("/error/code").asInt()).isEqualTo(-32001);
			assertThat(busy.at("/error/data/sessionId").asString()).isEqualTo(sessionId);
			prompts.gate.countDown();
			assertThat(untilAnswer(first)).containsExactly("answer");
			assertThat(untilAnswer(peerPrompt(second, sessionId, "three")))
				.containsExactly("agent_message_chunk:echo three", "answer");
		});
	}

	@Test
	void aRunningTurnRenewsItsClaimAndReleasesItWhenItEnds() {
		this.contextRunner.withUserConfiguration(RecordingStoreConfiguration.class)
			.withPropertyValues("acp.sessions.claim-duration=1h")
			.run((context) -> {
				Prompts prompts = context.getBean(Prompts.class);
				RecordingStore store = context.getBean(RecordingStore.class);
				TestPeer peer = new TestPeer(context);
				peer.initialize("{}");
				String sessionId = newSession(peer, "/work");
				peer.send(promptRequest(9, sessionId, "block"));
				assertThat(prompts.blocked.await(10, TimeUnit.SECONDS)).isTrue();
				assertThat(store.claims).hasSize(1);
				context.getBean(DefaultAcpSessions.class).renewClaims();
				assertThat(store.claims).hasSize(2);
				assertThat(store.claims.get(1)).startsWith(sessionId + " by " + store.claims.get(0).split(" ")[2]);
				assertThat(store.claim(sessionId, "another connection", Instant.now().plusSeconds(60))).isFalse();
				prompts.gate.countDown();
				assertThat(untilAnswer(peer)).containsExactly("answer");
				assertThat(store.claim(sessionId, "another connection", Instant.now().plusSeconds(60))).isTrue();
				context.getBean(DefaultAcpSessions.class).renewClaims();
				assertThat(store.claims).as("no turn runs: nothing to renew").hasSize(2);
			});
	}

	@Test
	void aTurnLongerThanTheBatchSizeIsWrittenWhileItRuns() {
		this.contextRunner.withPropertyValues("acp.sessions.batch-size=2").run((context) -> {
			Prompts prompts = context.getBean(Prompts.class);
			AcpSessionStore store = context.getBean(AcpSessionStore.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			peer.send(promptRequest(9, sessionId, "stream then block"));
			assertThat(prompts.blocked.await(10, TimeUnit.SECONDS)).isTrue();
			List<String> written = new ArrayList<>();
			store.replay(sessionId, (update) -> written.add(update.getClass().getSimpleName()));
			assertThat(written).containsExactly("UserMessageChunk", "AgentMessageChunk");
			prompts.gate.countDown();
			assertThat(untilAnswer(peer)).containsExactly("agent_message_chunk:streamed", "agent_message_chunk:more",
					"answer");
			written.clear();
			store.replay(sessionId, (update) -> written.add(update.getClass().getSimpleName()));
			assertThat(written).containsExactly("UserMessageChunk", "AgentMessageChunk", "AgentMessageChunk");
		});
	}

	@Test
	void aTurnHoldingMoreBytesThanTheBatchBoundIsWrittenWhileItRuns() {
		this.contextRunner
			.withPropertyValues("acp.sessions.max-history-size=64MB", "acp.sessions.memory.max-size=128MB")
			.run((context) -> {
				Prompts prompts = context.getBean(Prompts.class);
				AcpSessionStore store = context.getBean(AcpSessionStore.class);
				TestPeer peer = new TestPeer(context);
				peer.initialize("{}");
				String sessionId = newSession(peer, "/work");
				peer.send(promptRequest(9, sessionId, "stream 17 MB then block"));
				assertThat(prompts.blocked.await(10, TimeUnit.SECONDS)).isTrue();
				List<String> written = new ArrayList<>();
				store.replay(sessionId, (update) -> written.add(update.getClass().getSimpleName()));
				prompts.gate.countDown();
				assertThat(written).containsExactly("UserMessageChunk", "AgentMessageChunk");
			});
	}

	@Test
	void aTurnWhoseHistoryWriteFailedIsWrittenWithTheNextSoLoadReplaysNoHole() {
		this.contextRunner.withUserConfiguration(RecordingStoreConfiguration.class).run((context) -> {
			RecordingStore store = context.getBean(RecordingStore.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			store.failingAppends.set(1);
			assertThat(untilAnswer(peerPrompt(peer, sessionId, "one"))).containsExactly("agent_message_chunk:echo one",
					"answer");
			assertThat(untilAnswer(peerPrompt(peer, sessionId, "two"))).containsExactly("agent_message_chunk:echo two",
					"answer");
			List<String> replayed = new ArrayList<>();
			store.replay(sessionId, (update) -> replayed.add(update.getClass().getSimpleName() + ":" + text(update)));
			assertThat(replayed).containsExactly("UserMessageChunk:one", "AgentMessageChunk:echo one",
					"UserMessageChunk:two", "AgentMessageChunk:echo two");
		});
	}

	private static String text(SessionUpdate update) {
		ContentBlock content = (update instanceof SessionUpdate.UserMessageChunk user) ? user.content()
				: ((SessionUpdate.AgentMessageChunk) update).content();
		return ((ContentBlock.Text) content).text();
	}

	@Test
	void aClosedConnectionWritesWhatItsSessionsRecordedAndReleasesThem() {
		this.contextRunner.run((context) -> {
			AcpSessionStore store = context.getBean(AcpSessionStore.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			assertThat(peer.call("_sessions.test/title", "{\"sessionId\":\"" + sessionId + "\"}").has("result"))
				.isTrue();
			assertThat(store.find(sessionId).title()).isNull();
			peer.connection().close(Duration.ofSeconds(5));
			assertThat(store.find(sessionId).title()).isEqualTo("Titled");
		});
	}

	@Test
	void anUpdateIsRecordedAsSentThoughTheApplicationChangesWhatItPassedAfterwards() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"_sessions.test/plan\",\"params\":{\"sessionId\":\""
					+ sessionId + "\"}}");
			JsonNode plan = peer.next();
			assertThat(plan.at("/params/update/entries/0/status").asString()).isEqualTo("pending");
			JsonNode chunk = peer.next();
			assertThat(chunk.at("/params/update/_meta/k").asString()).isEqualTo("sent");
			assertThat(peer.next().has("result")).isTrue();
			List<SessionUpdate> history = new ArrayList<>();
			context.getBean(AcpSessionStore.class).replay(sessionId, history::add);
			assertThat(history).hasSize(2);
			assertThat(((SessionUpdate.Plan) history.get(0)).entries()).extracting(PlanEntry::status)
				.containsExactly(PlanEntryStatus.PENDING);
			assertThat(((SessionUpdate.AgentMessageChunk) history.get(1)).meta()).containsEntry("k", "sent");
		});
	}

	@Test
	void aChangeANotificationMakesAsTheConnectionClosesIsWritten() {
		this.contextRunner.withUserConfiguration(RecordingStoreConfiguration.class).run((context) -> {
			RecordingStore store = context.getBean(RecordingStore.class);
			Titles titles = context.getBean(Titles.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			String sessionId = newSession(peer, "/work");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_sessions.test/note\",\"params\":{\"sessionId\":\"" + sessionId
					+ "\"}}");
			assertThat(titles.noteArrived.await(10, TimeUnit.SECONDS)).isTrue();
			peer.connection().close(Duration.ofSeconds(5));
			titles.noteGate.countDown();
			assertThat(store.titled.await(10, TimeUnit.SECONDS)).as("the title was written").isTrue();
			assertThat(store.find(sessionId).title()).isEqualTo("Noted");
		});
	}

	@Test
	void aSessionTheStoreEvictedIsKeptAgainByTheConnectionServingIt() {
		this.contextRunner.withPropertyValues("acp.sessions.memory.max-sessions=1").run((context) -> {
			TestPeer first = new TestPeer(context);
			first.initialize("{}");
			String sessionId = newSession(first, "/work");
			TestPeer second = new TestPeer(context);
			second.initialize("{}");
			newSession(second, "/other");
			AcpSessionStore store = context.getBean(AcpSessionStore.class);
			assertThat(store.find(sessionId)).as("evicted").isNull();
			assertThat(untilAnswer(peerPrompt(first, sessionId, "one"))).containsExactly("agent_message_chunk:echo one",
					"answer");
			assertThat(store.find(sessionId)).isNotNull();
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class RecordingStoreConfiguration {

		@Bean
		RecordingStore store() {
			return new RecordingStore();
		}

	}

	/**
	 * The in-memory store, noting each claim as "session by owner".
	 */
	static final class RecordingStore implements AcpSessionStore {

		final List<String> claims = new CopyOnWriteArrayList<>();

		final CountDownLatch titled = new CountDownLatch(1);

		final AtomicInteger failingAppends = new AtomicInteger();

		private final InMemoryAcpSessionStore store = new InMemoryAcpSessionStore(100, 100, Duration.ofDays(1));

		@Override
		public void save(AcpSessionData session) {
			this.store.save(session);
			if (session.title() != null) {
				this.titled.countDown();
			}
		}

		@Override
		public AcpSessionData find(String sessionId) {
			return this.store.find(sessionId);
		}

		@Override
		public void append(String sessionId, List<SessionUpdate> updates) {
			if (this.failingAppends.getAndUpdate((n) -> Math.max(0, n - 1)) > 0) {
				throw new IllegalStateException("fail-over");
			}
			this.store.append(sessionId, updates);
		}

		@Override
		public void replay(String sessionId, Consumer<SessionUpdate> consumer) {
			this.store.replay(sessionId, consumer);
		}

		@Override
		public AcpSessionPage list(String owner, String cwd, String cursor, int pageSize) {
			return this.store.list(owner, cwd, cursor, pageSize);
		}

		@Override
		public boolean delete(String sessionId) {
			return this.store.delete(sessionId);
		}

		@Override
		public boolean claim(String sessionId, String owner, Instant until) {
			if (!"another connection".equals(owner)) {
				this.claims.add(sessionId + " by " + owner);
			}
			return this.store.claim(sessionId, owner, until);
		}

		@Override
		public void release(String sessionId, String owner) {
			this.store.release(sessionId, owner);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserNewConfiguration {

		@Bean
		UserNew userNew() {
			return new UserNew();
		}

	}

	static class UserNew {

		@AcpMethod("session/new")
		NewSessionResponse newSession(NewSessionRequest request) {
			return new NewSessionResponse("sess_user1",
					new SessionModeState("ask",
							List.of(new SessionMode("ask", "Ask", null), new SessionMode("code", "Code", null))),
					null, null);
		}

		@AcpMethod("session/set_mode")
		SetSessionModeResponse setMode(SetSessionModeRequest request) {
			return new SetSessionModeResponse();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class DeletionListenerConfiguration {

		@Bean
		DeletionListener deletionListener() {
			return new DeletionListener();
		}

	}

	/** Records the sessions the agent says were deleted. */
	static class DeletionListener implements AcpSessionListener {

		final List<String> deleted = new CopyOnWriteArrayList<>();

		@Override
		public void sessionDeleted(String sessionId, AcpConnection connection) {
			this.deleted.add(sessionId);
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class PromptConfiguration {

		@Bean
		Prompts prompts() {
			return new Prompts();
		}

		@Bean
		Titles titles() {
			return new Titles();
		}

	}

	static class Prompts {

		final CountDownLatch blocked = new CountDownLatch(1);

		final CountDownLatch gate = new CountDownLatch(1);

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context, AcpClient client)
				throws InterruptedException {
			AcpSession session = context.session();
			if (session != null) {
				Object turns = session.getAttribute("turns");
				session.setAttribute("turns", (turns != null) ? (Integer) turns + 1 : 1);
			}
			if ("stream then block".equals(request.text())) {
				client.agentMessageChunk(request.sessionId(), "streamed");
				this.blocked.countDown();
				this.gate.await(10, TimeUnit.SECONDS);
				client.agentMessageChunk(request.sessionId(), "more");
				return new PromptResponse(StopReason.END_TURN);
			}
			if ("stream 17 MB then block".equals(request.text())) {
				client.agentMessageChunk(request.sessionId(), "x".repeat(17 * 1024 * 1024));
				this.blocked.countDown();
				this.gate.await(10, TimeUnit.SECONDS);
				return new PromptResponse(StopReason.END_TURN);
			}
			if ("plan".equals(request.text())) {
				List<PlanEntry> entries = new ArrayList<>(List.of(PlanEntry.pending("step")));
				client.plan(request.sessionId(), entries);
				entries.set(0, PlanEntry.completed("step"));
				return new PromptResponse(StopReason.END_TURN);
			}
			if ("block".equals(request.text())) {
				this.blocked.countDown();
				this.gate.await(10, TimeUnit.SECONDS);
				return new PromptResponse(StopReason.END_TURN);
			}
			client.agentMessageChunk(request.sessionId(), "echo " + request.text());
			return new PromptResponse(StopReason.END_TURN);
		}

	}

	@AcpExtension("sessions.test")
	static class Titles {

		final CountDownLatch noteArrived = new CountDownLatch(1);

		final CountDownLatch noteGate = new CountDownLatch(1);

		@AcpNotification("_sessions.test/note")
		void note(JsonNode params, AcpSession session) throws InterruptedException {
			this.noteArrived.countDown();
			this.noteGate.await(10, TimeUnit.SECONDS);
			session.setTitle("Noted");
		}

		@AcpMethod("_sessions.test/plan")
		Map<String, String> plan(JsonNode params, AcpSession session, AcpClient client) {
			List<PlanEntry> entries = new ArrayList<>(List.of(PlanEntry.pending("step")));
			client.plan(session.id(), entries);
			entries.set(0, PlanEntry.completed("step"));
			Map<String, Object> meta = new HashMap<>(Map.of("k", "sent"));
			client.sessionUpdate(session.id(), new SessionUpdate.AgentMessageChunk(ContentBlock.text("x"), null, meta));
			meta.put("k", "changed");
			return Map.of();
		}

		@AcpMethod("_sessions.test/announce")
		Map<String, String> announce(JsonNode params, AcpSession session, AcpClient client) {
			client.agentMessageChunk(session.id(), "typed");
			client.notify("session/update", Map.of("sessionId", session.id(), "update",
					Map.of("sessionUpdate", "agent_message_chunk", "content", Map.of("type", "text", "text", "raw"))));
			return Map.of();
		}

		@AcpMethod("_sessions.test/title")
		Map<String, String> title(JsonNode params, AcpSession session) {
			session.setTitle("Titled");
			return Map.of("cwd", session.cwd());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserLoadConfiguration {

		@Bean
		UserLoad userLoad(AcpSessions sessions) {
			return new UserLoad(sessions);
		}

	}

	static class UserLoad {

		private final AcpSessions sessions;

		int loads;

		UserLoad(AcpSessions sessions) {
			this.sessions = sessions;
		}

		@AcpMethod("session/load")
		Map<String, Object> load(JsonNode params, AcpRequestContext context) {
			this.loads++;
			this.sessions.replay(context);
			return Map.of();
		}

	}

}

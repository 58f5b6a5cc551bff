package dev.acp.spring.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpClientCapabilityException;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.PlanEntry;
import dev.acp.spring.protocol.PlanEntryPriority;
import dev.acp.spring.protocol.PlanEntryStatus;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the session and authentication methods of ACP v2 on a v2 connection, served by
 * the starter's sessions and the application's v1 handlers unchanged.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpV2SessionMethodsTests {

	private static final String V2_INITIALIZE = "{\"protocolVersion\":2,\"info\":{\"name\":\"v2-client\",\"version\":\"2.4\"}}";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpSessionAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "acp.protocol.versions=1,2")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void theStartersSessionsAreCreatedListedClosedAndDeletedInV2Shapes() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			JsonNode created = peer.call("session/new", "{\"cwd\":\"/work\"}");
			String sessionId = created.at("/result/sessionId").asString();
			assertThat(sessionId).as(created.toString()).isNotEmpty();
			assertThat(created.get("result").has("modes")).isFalse();
			JsonNode listed = peer.call("session/list", "{}");
			assertThat(listed.at("/result/sessions/0/sessionId").asString()).isEqualTo(sessionId);
			assertThat(listed.at("/result/sessions/0/cwd").asString()).isEqualTo("/work");
			assertThat(peer.call("session/close", "{\"sessionId\":\"" + sessionId + "\"}").has("result")).isTrue();
			assertThat(peer.call("session/delete", "{\"sessionId\":\"" + sessionId + "\"}").has("result")).isTrue();
			assertThat(peer.call("session/list", "{}").at("/result/sessions").size()).isZero();
		});
	}

	@Test
	void aSessionIsResumedWithoutReplayInTheV2Shape() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.call("session/new", "{\"cwd\":\"/work\"}").at("/result/sessionId").asString();
			TestPeer other = v2(context);
			JsonNode resumed = other.call("session/resume",
					"{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}");
			assertThat(resumed.has("result")).as(resumed.toString()).isTrue();
			assertThat(resumed.get("result").has("modes")).isFalse();
		});
	}

	@Test
	void aV2StdioMcpServerWithoutArgsOrEnvIsAccepted() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(new TestPeer(context, "stdio"));
			JsonNode created = peer.call("session/new",
					"{\"cwd\":\"/work\",\"mcpServers\":[{\"type\":\"stdio\",\"name\":\"tools\",\"command\":\"/bin/tools\"}]}");
			assertThat(created.at("/result/sessionId").asString()).as(created.toString()).isNotEmpty();
		});
	}

	@Test
	void authLoginAndLogoutAreServedByTheAuthenticateAndLogoutHandlers() {
		this.contextRunner.withPropertyValues("acp.auth.methods[0].id=api-key").run((context) -> {
			TestPeer peer = v2(context);
			assertThat(peer.call("_v2.test/writeFile", "{}").at("/error/code").asInt()).isEqualTo(-32000);
			assertThat(peer.call("auth/login", "{\"methodId\":\"wrong\"}").at("/error/code").asInt()).isEqualTo(-32602);
			JsonNode login = peer.call("auth/login", "{\"methodId\":\"api-key\"}");
			assertThat(login.has("result")).as(login.toString()).isTrue();
			assertThat(peer.call("_v2.test/writeFile", "{}").has("result")).isTrue();
			assertThat(peer.call("auth/logout", "{}").has("result")).isTrue();
			assertThat(peer.call("_v2.test/writeFile", "{}").at("/error/code").asInt()).isEqualTo(-32000);
			assertThat(peer.call("authenticate", "{\"methodId\":\"api-key\"}").at("/error/code").asInt())
				.isEqualTo(-32601);
		});
	}

	@Test
	void theV2AuthMethodsNameTheirMethodId() {
		this.contextRunner.withPropertyValues("acp.auth.methods[0].id=api-key").run((context) -> {
			JsonNode answer = new TestPeer(context).call(0, "initialize", V2_INITIALIZE);
			assertThat(answer.at("/result/authMethods").toString())
				.isEqualTo("[{\"type\":\"agent\",\"methodId\":\"api-key\",\"name\":\"api-key\"}]");
		});
	}

	@Test
	void aHandlersFileWriteOnAV2ConnectionFailsAsWithoutTheCapability() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			JsonNode answer = peer.call("_v2.test/writeFile", "{}");
			assertThat(answer.at("/result/refused").asString()).contains("fs");
		});
	}

	@Test
	void aSessionPromptedOverV1IsResumedOverV2WithItsHistoryReplayedAsV2Updates() {
		this.contextRunner.run((context) -> {
			TestPeer v1 = new TestPeer(context);
			v1.initialize("{}");
			String sessionId = v1.call("session/new", "{\"cwd\":\"/work\",\"mcpServers\":[]}")
				.at("/result/sessionId")
				.asString();
			JsonNode turn = v1.call(1, "session/prompt",
					"{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"hi\"}]}");
			while (!turn.has("id")) {
				turn = v1.next();
			}
			assertThat(turn.at("/result/stopReason").asString()).as(turn.toString()).isEqualTo("end_turn");
			TestPeer v2 = v2(context);
			v2.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"session/resume\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"cwd\":\"/work\",\"replayFrom\":{\"type\":\"start\"}}}");
			List<JsonNode> updates = new ArrayList<>();
			JsonNode message = v2.next();
			while (!message.has("id")) {
				assertThat(message.get("method").asString()).isEqualTo("session/update");
				assertThat(message.at("/params/sessionId").asString()).isEqualTo(sessionId);
				updates.add(message.at("/params/update"));
				message = v2.next();
			}
			assertThat(message.get("result").toString()).isEqualTo("{}");
			assertThat(updates).extracting((update) -> update.get("sessionUpdate").asString())
				.containsExactly("user_message_chunk", "agent_message_chunk", "agent_message_chunk", "tool_call_update",
						"plan_update", "agent_message_chunk");
			String userMessage = updates.get(0).get("messageId").asString();
			String firstAnswer = updates.get(1).get("messageId").asString();
			assertThat(updates.get(2).get("messageId").asString()).isEqualTo(firstAnswer);
			assertThat(firstAnswer).isNotEqualTo(userMessage);
			assertThat(updates.get(5).get("messageId").asString()).isNotIn(userMessage, firstAnswer);
			assertThat(updates.get(3).get("toolCallId").asString()).isEqualTo("t1");
			assertThat(updates.get(3).get("title").asString()).isEqualTo("Read");
			assertThat(updates.get(4).at("/plan/type").asString()).isEqualTo("items");
			assertThat(updates.get(4).at("/plan/entries/0/content").asString()).isEqualTo("step");
		});
	}

	@Test
	void aSessionWhoseHistoryHoldsAModeChangeIsNotResumedOverV2WithReplayAndNothingIsSent() {
		this.contextRunner.run((context) -> {
			TestPeer v1 = new TestPeer(context);
			v1.initialize("{}");
			String sessionId = v1.newSession();
			v1.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"mode\"}]}}");
			JsonNode turn = v1.next();
			while (!turn.has("id")) {
				turn = v1.next();
			}
			TestPeer v2 = v2(context);
			v2.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"session/resume\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"cwd\":\"/work\",\"replayFrom\":{\"type\":\"start\"}}}");
			JsonNode answer = v2.next();
			assertThat(answer.at("/error/code").asInt()).as(answer.toString()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/message").asString()).contains("current_mode_update");
			JsonNode loaded = v1.call(6, "session/load",
					"{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}");
			assertThat(loaded.at("/params/update/sessionUpdate").asString()).as("v1 is given it whole")
				.isEqualTo("user_message_chunk");
		});
	}

	@Test
	void updatesAHandlerSendsOnAV2ConnectionAreSentInV2Shapes() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"_v2.test/talk\",\"params\":{\"sessionId\":\"s1\"}}");
			JsonNode first = peer.next();
			JsonNode second = peer.next();
			JsonNode plan = peer.next();
			JsonNode answer = peer.next();
			assertThat(first.at("/params/update/sessionUpdate").asString()).isEqualTo("agent_message_chunk");
			assertThat(first.at("/params/update/messageId").asString()).isNotEmpty();
			assertThat(second.at("/params/update/messageId")).isEqualTo(first.at("/params/update/messageId"));
			assertThat(plan.at("/params/update/sessionUpdate").asString()).isEqualTo("plan_update");
			assertThat(answer.get("id").asInt()).as(answer.toString()).isEqualTo(9);
		});
	}

	@Test
	void aReplayPointOtherThanTheStartIsInvalidParams() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.call("session/new", "{\"cwd\":\"/work\"}").at("/result/sessionId").asString();
			JsonNode resumed = v2(context).call("session/resume",
					"{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"replayFrom\":{\"type\":\"_later\"}}");
			assertThat(resumed.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(resumed.at("/error/data/errors/0/field").asString()).isEqualTo("replayFrom");
		});
	}

	private static TestPeer v2(org.springframework.context.ApplicationContext context) throws InterruptedException {
		return v2(new TestPeer(context));
	}

	private static TestPeer v2(TestPeer peer) throws InterruptedException {
		JsonNode answer = peer.call(0, "initialize", V2_INITIALIZE);
		assertThat(answer.at("/result/protocolVersion").asInt()).as(answer.toString()).isEqualTo(2);
		return peer;
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Handlers handlers() {
			return new Handlers();
		}

	}

	static class Handlers {

		@AcpMethod("authenticate")
		Map<String, Object> authenticate(JsonNode params) {
			if (!"api-key".equals(params.path("methodId").asString())) {
				throw new AcpException(-32602, "Unknown authentication method", null);
			}
			return Map.of();
		}

		@AcpMethod("logout")
		void logout() {
		}

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpClient client) {
			String sessionId = request.sessionId();
			if (request.text().equals("mode")) {
				client.currentModeUpdate(sessionId, "ask");
				return new PromptResponse(StopReason.END_TURN);
			}
			client.agentMessageChunk(sessionId, "a");
			client.agentMessageChunk(sessionId, "b");
			client.notify("session/update", Map.of("sessionId", sessionId, "update",
					Map.of("sessionUpdate", "tool_call", "toolCallId", "t1", "title", "Read")));
			client.plan(sessionId, List.of(new PlanEntry("step", PlanEntryPriority.HIGH, PlanEntryStatus.PENDING)));
			client.agentMessageChunk(sessionId, "done");
			return new PromptResponse(StopReason.END_TURN);
		}

		@AcpMethod("_v2.test/talk")
		void talk(Map<String, String> params, AcpClient client) {
			String sessionId = params.get("sessionId");
			client.agentMessageChunk(sessionId, "a");
			client.agentMessageChunk(sessionId, "b");
			client.currentModeUpdate(sessionId, "ask");
			client.plan(sessionId, List.of(new PlanEntry("step", PlanEntryPriority.HIGH, PlanEntryStatus.PENDING)));
		}

		@AcpMethod("_v2.test/writeFile")
		Map<String, Object> writeFile(AcpClient client) {
			try {
				client.writeTextFile(new WriteTextFileRequest("s1", "/src/Main.java", "x"));
				return Map.of("refused", "no");
			}
			catch (AcpClientCapabilityException ex) {
				return Map.of("refused", ex.getMessage());
			}
		}

	}

}

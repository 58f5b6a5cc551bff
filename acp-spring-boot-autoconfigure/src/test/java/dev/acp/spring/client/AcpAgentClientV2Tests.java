package dev.acp.spring.client;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.AuthMethod;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.PlanUpdateContent;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for the client speaking ACP v2 with a v2 agent ({@link V2ScriptedAgent}, a
 * separate process that writes its messages in the exact order of its script), with the
 * same API as v1.
 */
class AcpAgentClientV2Tests {

	@TempDir
	Path directory;

	private final List<AcpAgentClient> clients = new ArrayList<>();

	@AfterEach
	void closeClients() {
		this.clients.forEach(AcpAgentClient::close);
	}

	private AcpAgentClient client(Map<String, String> env) {
		return client(AcpAgentClient.builder().env(env));
	}

	private AcpAgentClient client(AcpAgentClient.Builder builder) {
		List<String> command = V2ScriptedAgent.command();
		AcpAgentClient client = builder.name("v2-scripted")
			.command(command.get(0), command.subList(1, command.size()))
			.clientInfo(new Implementation("client-tests", "1.2"))
			.requestTimeout(Duration.ofSeconds(30))
			.shutdownGracePeriod(Duration.ofSeconds(2))
			.build();
		this.clients.add(client);
		return client;
	}

	private static List<String> texts(List<SessionUpdate> updates) {
		List<String> texts = new ArrayList<>();
		for (SessionUpdate update : updates) {
			if (update instanceof SessionUpdate.AgentMessageChunk chunk
					&& chunk.content() instanceof ContentBlock.Text t) {
				texts.add(t.text());
			}
		}
		return texts;
	}

	@Test
	void anAgentOfferingVersionTwoIsSpokenToInVersionTwoWithTheSameApi() {
		AcpAgentClient client = client(Map.of());
		assertThat(client.protocolVersion()).isEqualTo(2);
		assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("v2-scripted");
		assertThat(client.initializeResponse().agentCapabilities().loadSession()).isTrue();
		assertThat(client.authMethods()).singleElement()
			.isInstanceOfSatisfying(AuthMethod.Agent.class, (method) -> assertThat(method.id()).isEqualTo("token"));
		assertThat(client.request("_example.com/echo", Map.of("a", 1), Map.class)).isEqualTo(Map.of("a", 1));
		AcpAgentSession session = client.newSession(this.directory);
		assertThat(session.protocolVersion()).isEqualTo(2);
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		session.prompt("initialize-params", updates::add);
		JsonNode initialize = AcpJsonMapper.create().readTree(texts(updates).get(0));
		assertThat(initialize.get("protocolVersion").asInt()).isEqualTo(2);
		assertThat(initialize.get("info").toString()).isEqualTo("{\"name\":\"client-tests\",\"version\":\"1.2\"}");
		assertThat(initialize.get("capabilities").toString()).isEqualTo("{}");
	}

	@Test
	void askingForVersionTwoAVersionOneAgentKnowsTheClientAsBefore() {
		AcpAgentClient client = client(Map.of("AGENT_VERSIONS", "1"));
		assertThat(client.protocolVersion()).isEqualTo(1);
		AcpAgentSession session = client.newSession(this.directory);
		assertThat(session.protocolVersion()).isEqualTo(1);
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse response = session.prompt("initialize-params", updates::add);
		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		JsonNode initialize = AcpJsonMapper.create().readTree(texts(updates).get(0));
		assertThat(initialize.get("protocolVersion").asInt()).isEqualTo(2);
		assertThat(initialize.get("clientInfo").toString())
			.isEqualTo("{\"name\":\"client-tests\",\"version\":\"1.2\"}");
		assertThat(initialize.get("clientCapabilities").toString())
			.isEqualTo("{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true},\"terminal\":true}");
	}

	@Test
	void aVersionOneAgentIsSpokenToInVersionOne() {
		AcpAgentClient client = client(Map.of("AGENT_VERSIONS", "1"));
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse response = client.newSession(this.directory).prompt("hello", updates::add);
		assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("v1-scripted");
		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(texts(updates)).containsExactly("v1 hello");
	}

	@Test
	void theProtocolVersionOptionOneSpeaksVersionOneToAVersionTwoAgent() {
		AcpAgentClient client = client(AcpAgentClient.builder().protocolVersion(1));
		assertThat(client.protocolVersion()).isEqualTo(1);
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		client.newSession(this.directory).prompt("hello", updates::add);
		assertThat(texts(updates)).containsExactly("v1 hello");
	}

	@Test
	void anAnswerWithAVersionNotAskedForIsRefused() {
		AcpAgentClient newer = client(Map.of("AGENT_ANSWER", "3"));
		assertThatExceptionOfType(AcpProtocolVersionException.class).isThrownBy(newer::connect)
			.withMessageContaining("speaks ACP protocol version 3")
			.satisfies((ex) -> assertThat(ex.getAgentVersion()).isEqualTo(3));
		AcpAgentClient belowOne = client(Map.of("AGENT_ANSWER", "0"));
		assertThatExceptionOfType(AcpProtocolVersionException.class).isThrownBy(belowOne::connect);
		AcpAgentClient forcedOne = client(AcpAgentClient.builder().protocolVersion(1).env(Map.of("AGENT_ANSWER", "2")));
		assertThatExceptionOfType(AcpProtocolVersionException.class).isThrownBy(forcedOne::connect)
			.withMessageContaining("asked for version 1 only");
		assertThat(forcedOne.isConnected()).isFalse();
	}

	@Test
	void theProtocolVersionOptionAcceptsOneAndTwoOnly() {
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> AcpAgentClient.builder().protocolVersion(3));
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> AcpAgentClient.builder().protocolVersion(0));
	}

	@Test
	void aTurnEndsWithTheIdleStateAfterTheAcknowledgementAndItsUpdatesArriveInTheV1Model() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse response = session.prompt("hello", updates::add);
		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(updates).hasSize(5);
		assertThat(updates.get(0)).isInstanceOfSatisfying(SessionUpdate.Unknown.class,
				(update) -> assertThat(update.sessionUpdate()).isEqualTo("user_message"));
		assertThat(updates.get(1)).isInstanceOfSatisfying(SessionUpdate.AgentMessageChunk.class, (chunk) -> {
			assertThat(chunk.messageId()).isEqualTo("a1");
			assertThat(((ContentBlock.Text) chunk.content()).text()).isEqualTo("echo hello");
		});
		assertThat(updates.get(2)).isInstanceOfSatisfying(SessionUpdate.ToolCall.class, (toolCall) -> {
			assertThat(toolCall.toolCallId()).isEqualTo("t1");
			assertThat(toolCall.title()).isEqualTo("Read a.txt");
			assertThat(toolCall.kind()).isEqualTo(ToolKind.READ);
		});
		assertThat(updates.get(3)).isInstanceOfSatisfying(ToolCallUpdate.class, (update) -> {
			assertThat(update.toolCallId()).isEqualTo("t1");
			assertThat(update.status()).isEqualTo(ToolCallStatus.COMPLETED);
		});
		assertThat(updates.get(4)).isInstanceOfSatisfying(SessionUpdate.PlanUpdate.class,
				(plan) -> assertThat(plan.plan()).isInstanceOfSatisfying(PlanUpdateContent.Items.class,
						(items) -> assertThat(items.planId()).isEqualTo("p1")));
	}

	@Test
	void anIdleStateFromBeforeTheTurnDoesNotEndIt() {
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse response = client(Map.of()).newSession(this.directory).prompt("stale-idle", updates::add);
		assertThat(response.stopReason()).isEqualTo(StopReason.MAX_TOKENS);
		assertThat(texts(updates)).containsExactly("after the stale idle");
	}

	@Test
	void aTurnThatRanAndWentIdleBeforeItsAcknowledgementEndsWithTheAcknowledgement() {
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse response = client(Map.of()).newSession(this.directory).prompt("idle-before-ack", updates::add);
		assertThat(response.stopReason()).isEqualTo(StopReason.REFUSAL);
		assertThat(texts(updates)).containsExactly("before the ack");
	}

	@Test
	void cancelSendsSessionCancelAndTheTurnEndsCancelled() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		CompletableFuture<PromptResponse> turn = session.promptAsync("wait-for-cancel", (update) -> {
		});
		session.cancel();
		assertThat(turn.join().stopReason()).isEqualTo(StopReason.CANCELLED);
	}

	@Test
	void anIdleStateWithAnErrorFailsTheTurnAsAnErrorAnswerWould() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		assertThatExceptionOfType(AcpAgentErrorException.class).isThrownBy(() -> session.prompt("fail", (u) -> {
		})).satisfies((ex) -> {
			assertThat(ex.getMethod()).isEqualTo("session/prompt");
			assertThat(ex.getError().code()).isEqualTo(-32603);
			assertThat(ex.getError().message()).isEqualTo("model unavailable");
		});
		assertThat(session.prompt("hello", (u) -> {
		}).stopReason()).isEqualTo(StopReason.END_TURN);
	}

	@Test
	void aPermissionRequestWithAToolCallSubjectReachesThePolicyAsV1AndItsAnswerGoesBack() {
		List<RequestPermissionRequest> asked = new CopyOnWriteArrayList<>();
		AcpPermissionPolicy policy = (request, session) -> {
			asked.add(request);
			return new RequestPermissionResponse(new RequestPermissionOutcome.Selected("yes"));
		};
		AcpAgentSession session = client(AcpAgentClient.builder().permissionPolicy(policy)).newSession(this.directory);
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse response = session.prompt("tool", updates::add);
		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(asked).singleElement().satisfies((request) -> {
			assertThat(request.sessionId()).isEqualTo(session.id());
			assertThat(request.toolCall().toolCallId()).isEqualTo("t9");
			assertThat(request.toolCall().title()).isEqualTo("Write a.txt");
			assertThat(request.toolCall().kind()).isEqualTo(ToolKind.EDIT);
			assertThat(request.options()).extracting((option) -> option.optionId()).containsExactly("yes", "no");
			assertThat(request.unknown().get("title").toString()).contains("Allow writing a.txt?");
		});
		assertThat(texts(updates))
			.containsExactly("permission {\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"yes\"}}");
	}

	@Test
	void aPermissionRequestWithoutItsTitleIsInvalidParamsAndNotAskedOfThePolicy() {
		List<RequestPermissionRequest> asked = new CopyOnWriteArrayList<>();
		AcpAgentSession session = client(AcpAgentClient.builder().permissionPolicy((request, s) -> {
			asked.add(request);
			return new RequestPermissionResponse(new RequestPermissionOutcome.Cancelled());
		})).newSession(this.directory);
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		session.prompt(
				"call session/request_permission {\"sessionId\":\"" + session.id()
						+ "\",\"options\":[{\"optionId\":\"yes\",\"name\":\"Allow\",\"kind\":\"allow_once\"}]}",
				updates::add);
		assertThat(texts(updates)).singleElement()
			.satisfies((text) -> assertThat(text).contains("-32602").contains("\"field\":\"title\""));
		assertThat(asked).isEmpty();
	}

	@Test
	void aVersionTwoAgentIsServedNoFileSystem() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		session.prompt("call fs/read_text_file {\"sessionId\":\"" + session.id() + "\",\"path\":\"/etc/hostname\"}",
				updates::add);
		assertThat(texts(updates)).singleElement().satisfies((text) -> assertThat(text).contains("-32601"));
	}

	@Test
	void loadSessionResumesWithAReplayFromTheStartAndAuthenticateLogsIn() {
		AcpAgentClient client = client(Map.of());
		List<SessionUpdate> replayed = new CopyOnWriteArrayList<>();
		client.loadSession("old", this.directory, replayed::add);
		assertThat(texts(replayed)).containsExactly("replayed session/resume start");
		assertThat(client.authenticate("token").meta()).isEqualTo(Map.of("method", "auth/login"));
	}

}

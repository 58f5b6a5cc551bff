package dev.acp.demo;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.test.AcpResponse;
import dev.acp.spring.test.AcpTestClient;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's contract (DESIGN §9), driven in process by the in-memory test client.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootTest(properties = "acp.transport=none")
class DemoAgentTests {

	private static final ClientCapabilities ZED_WORKSPACE = new ClientCapabilities(null, null, null, null, null,
			Map.of("zed.dev", Map.of("workspace", true)));

	@Autowired
	private AcpTestClient client;

	@Test
	void initializeAdvertisesTheDemoExtensions() {
		InitializeResponse answer = this.client.initialize();
		assertThat(answer.protocolVersion()).isEqualTo(1);
		assertThat(answer.agentInfo().name()).isEqualTo("acp-demo");
		JsonMapper json = JsonMapper.builder().build();
		assertThat(json.valueToTree(answer.agentCapabilities().meta()).toString())
			.contains("\"example.com/analytics\":{\"version\":\"1.0\",\"methods\":[\"_example.com/analytics/summary\"],"
					+ "\"notifications\":[\"_example.com/analytics/event\"],\"events\":[\"tool_execution\",\"model_call\"]}")
			.contains("\"demo.acp\":{\"version\":\"1.0\",\"methods\":[\"_demo.acp/echo\"]}");
	}

	@Test
	void echoAnswersTheParamsExactlyAsReceived() {
		this.client.initialize();
		assertThat(this.client.call("_demo.acp/echo", Map.of("hello", "world", "_meta", Map.of("k", 1))))
			.hasResult("{\"params\":{\"hello\":\"world\",\"_meta\":{\"k\":1}}}");
	}

	@Test
	void summaryCountsTheEventsSentBeforeItPerSession() {
		this.client.initialize();
		String session = this.client.newSession();
		this.client.notify("_example.com/analytics/event", Map.of("event", "model_call", "sessionId", session));
		this.client.notify("_example.com/analytics/event", Map.of("event", "tool_execution", "sessionId", session));
		this.client.notify("_example.com/analytics/event", Map.of("event", "model_call", "sessionId", session));
		this.client.notify("_example.com/analytics/event", Map.of("event", "model_call", "sessionId", "other"));
		assertThat(this.client.call("_example.com/analytics/summary", Map.of("sessionId", session)))
			.hasResult("{\"total\":3,\"byEvent\":{\"model_call\":2,\"tool_execution\":1}}");
	}

	@Test
	void aPromptIsEchoedAsOneMessageChunkThenEndsTheTurn() {
		this.client.initialize();
		String session = this.client.newSession();
		assertThat(session).startsWith("sess_");
		assertThat(this.client.prompt(session, "hello").stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(this.client.sessionUpdates(session)).singleElement()
			.isInstanceOf(SessionUpdate.AgentMessageChunk.class);
		assertThat(this.client.agentMessageText(session)).isEqualTo("hello");
	}

	@Test
	void buffersAsksTheClientWhenItAdvertisedTheWorkspace() {
		this.client.onRequest("_zed.dev/workspace/buffers",
				(params) -> Map.of("buffers", List.of("main." + params.get("language").stringValue())));
		this.client.initialize(ZED_WORKSPACE);
		String session = this.client.newSession();
		this.client.prompt(session, "buffers");
		assertThat(this.client.agentMessageText(session)).isEqualTo("{\"buffers\":[\"main.rust\"]}");
	}

	@Test
	void buffersIsEchoedWhenTheClientDidNotAdvertiseTheWorkspace() {
		this.client.initialize();
		String session = this.client.newSession();
		this.client.prompt(session, "buffers");
		assertThat(this.client.agentMessageText(session)).isEqualTo("buffers");
		assertThat(this.client.receivedRequests()).isEmpty();
	}

	@Test
	void toolRunsAfterTheUserAllowsIt() {
		this.client.onPermissionRequest(
				(request) -> new RequestPermissionResponse(new RequestPermissionOutcome.Selected(DemoSessions.ALLOW)));
		this.client.initialize();
		String session = this.client.newSession();
		assertThat(this.client.prompt(session, "tool").stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(this.client.sessionUpdates(session)).first().isInstanceOf(SessionUpdate.Plan.class);
		assertThat(this.client.sessionUpdates(session)).hasAtLeastOneElementOfType(SessionUpdate.ToolCall.class);
		assertThat(this.client.agentMessageText(session)).isEqualTo("Done: README.md was edited.");
	}

	@Test
	void toolIsSkippedWhenTheUserRejectsIt() {
		this.client.onPermissionRequest(
				(request) -> new RequestPermissionResponse(new RequestPermissionOutcome.Selected(DemoSessions.REJECT)));
		this.client.initialize();
		String session = this.client.newSession();
		this.client.prompt(session, "tool");
		assertThat(this.client.agentMessageText(session)).isEqualTo("Skipped: the edit of README.md was rejected.");
	}

	@Test
	void cancelEndsAWaitingTurnCancelled() {
		this.client.initialize();
		String session = this.client.newSession();
		CompletableFuture<AcpResponse> turn = this.client.promptAsync(session, "wait");
		this.client.cancel(session);
		assertThat(turn.join().result(PromptResponse.class).stopReason()).isEqualTo(StopReason.CANCELLED);
	}

	@Test
	void aPromptForAnUnknownSessionIsResourceNotFound() {
		this.client.initialize();
		assertThat(this.client.call("session/prompt",
				Map.of("sessionId", "sess_unknown", "prompt", List.of(Map.of("type", "text", "text", "hi")))))
			.failsWith(AcpErrorCodes.RESOURCE_NOT_FOUND)
			.hasDataContaining("sess_unknown");
	}

	@Test
	void aBadPromptIsInvalidParamsAndLeavesTheSessionUsable() {
		this.client.initialize();
		String session = this.client.newSession();
		assertThat(this.client.call("session/prompt",
				Map.of("sessionId", session, "prompt", List.of(Map.of("type", "text", "text", 42)))))
			.failsWith(-32602);
		assertThat(this.client.prompt(session, "still here").stopReason()).isEqualTo(StopReason.END_TURN);
	}

	@Test
	void extensionMethodsNeedInitializeFirst() {
		assertThat(this.client.call("_demo.acp/echo", Map.of())).fails();
	}

}

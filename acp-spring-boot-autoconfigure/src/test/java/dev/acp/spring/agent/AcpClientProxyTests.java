package dev.acp.spring.agent;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpClientCapabilityException;
import dev.acp.spring.method.AcpClientException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AvailableCommand;
import dev.acp.spring.protocol.CompactionStatus;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.Cost;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.EnvVariable;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.NoticeSeverity;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PermissionOptionKind;
import dev.acp.spring.protocol.PlanEntry;
import dev.acp.spring.protocol.PlanEntryPriority;
import dev.acp.spring.protocol.PlanEntryStatus;
import dev.acp.spring.protocol.PlanUpdateContent;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.ToolCallContent;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests of the typed client proxy ({@link AcpClient}): the exact wire message of every
 * helper, capability checks, per-call timeouts and abandoned calls cancelled at the
 * client with {@code $/cancel_request}, and permission outcomes.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpClientProxyTests {

	private static final String ALL_CAPABILITIES = "{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true},\"terminal\":true}";

	private static final Duration SHORT = Duration.ofMillis(200);

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void sessionUpdateHelpersWriteOneNotificationOfTheirKindDiscriminatorFirst() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"session\":{\"notices\":{},\"compaction\":{}}}");
			assertUpdate(peer, (c) -> c.userMessageChunk("s1", "hi"),
					"{\"sessionUpdate\":\"user_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"hi\"}}");
			assertUpdate(peer, (c) -> c.agentMessageChunk("s1", "hello"),
					"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"hello\"}}");
			assertUpdate(peer, (c) -> c.agentMessageChunk("s1", new ContentBlock.Text("x", null, Map.of("k", 1))),
					"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"x\",\"_meta\":{\"k\":1}}}");
			assertUpdate(peer, (c) -> c.agentThoughtChunk("s1", "hmm"),
					"{\"sessionUpdate\":\"agent_thought_chunk\",\"content\":{\"type\":\"text\",\"text\":\"hmm\"}}");
			assertUpdate(peer,
					(c) -> c.toolCall("s1",
							new SessionUpdate.ToolCall("call_1", "Read Main.java", null, ToolKind.READ,
									ToolCallStatus.PENDING, null, null, null, null)),
					"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"call_1\",\"title\":\"Read Main.java\",\"kind\":\"read\",\"status\":\"pending\"}");
			assertUpdate(peer,
					(c) -> c.toolCallUpdate("s1",
							new ToolCallUpdate("call_1", null, ToolCallStatus.COMPLETED, null, null,
									List.of(new ToolCallContent.Content(new ContentBlock.Text("done"))), null, null,
									null, Map.of("m", true))),
					"{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"call_1\",\"status\":\"completed\",\"content\":[{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"done\"}}],\"_meta\":{\"m\":true}}");
			assertUpdate(peer,
					(c) -> c.plan("s1",
							List.of(new PlanEntry("Read", PlanEntryPriority.HIGH, PlanEntryStatus.IN_PROGRESS))),
					"{\"sessionUpdate\":\"plan\",\"entries\":[{\"content\":\"Read\",\"priority\":\"high\",\"status\":\"in_progress\"}]}");
			assertUpdate(peer, (c) -> c.availableCommandsUpdate("s1", List.of(new AvailableCommand("web", "Search"))),
					"{\"sessionUpdate\":\"available_commands_update\",\"availableCommands\":[{\"name\":\"web\",\"description\":\"Search\"}]}");
			assertUpdate(peer, (c) -> c.currentModeUpdate("s1", "code"),
					"{\"sessionUpdate\":\"current_mode_update\",\"currentModeId\":\"code\"}");
			assertUpdate(peer, (c) -> c.configOptionUpdate("s1", List.of()),
					"{\"sessionUpdate\":\"config_option_update\",\"configOptions\":[]}");
			assertUpdate(peer, (c) -> c.sessionInfoUpdate("s1", "Fix the build", null),
					"{\"sessionUpdate\":\"session_info_update\",\"title\":\"Fix the build\"}");
			assertUpdate(peer, (c) -> c.usageUpdate("s1", 1200, 200000, new Cost(new BigDecimal("0.25"), "USD")),
					"{\"sessionUpdate\":\"usage_update\",\"used\":1200,\"size\":200000,\"cost\":{\"amount\":0.25,\"currency\":\"USD\"}}");
			assertUpdate(peer, (c) -> c.notice("s1", NoticeSeverity.WARNING, "Low disk", null),
					"{\"sessionUpdate\":\"notice\",\"severity\":\"warning\",\"title\":\"Low disk\"}");
			assertUpdate(peer, (c) -> c.compactionUpdate("s1", "cmp_1", CompactionStatus.IN_PROGRESS),
					"{\"sessionUpdate\":\"compaction_update\",\"compactionId\":\"cmp_1\",\"status\":\"in_progress\"}");
			assertUpdate(peer, (c) -> c.compactionSummaryChunk("s1", "cmp_1", new ContentBlock.Text("sum")),
					"{\"sessionUpdate\":\"compaction_summary_chunk\",\"compactionId\":\"cmp_1\",\"content\":{\"type\":\"text\",\"text\":\"sum\"}}");
			client.sessionUpdate("s2", new SessionUpdate.CurrentModeUpdate("ask"));
			assertThat(peer.next().toString()).isEqualTo(
					"{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"s2\",\"update\":{\"sessionUpdate\":\"current_mode_update\",\"currentModeId\":\"ask\"}}}");
		});
	}

	@Test
	void planOperationsAreSentToAClientThatAdvertisedPlan() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			connect(context, peer, "{\"plan\":{}}");
			assertUpdate(peer,
					(c) -> c.planUpdate("s1", "p1",
							List.of(new PlanEntry("Read", PlanEntryPriority.HIGH, PlanEntryStatus.PENDING))),
					"{\"sessionUpdate\":\"plan_update\",\"plan\":{\"type\":\"items\",\"planId\":\"p1\",\"entries\":[{\"content\":\"Read\",\"priority\":\"high\",\"status\":\"pending\"}]}}");
			assertUpdate(peer, (c) -> c.planUpdate("s1", new PlanUpdateContent.Markdown("p2", "# Plan")),
					"{\"sessionUpdate\":\"plan_update\",\"plan\":{\"type\":\"markdown\",\"planId\":\"p2\",\"content\":\"# Plan\"}}");
			assertUpdate(peer, (c) -> c.planRemoved("s1", "p1"),
					"{\"sessionUpdate\":\"plan_removed\",\"planId\":\"p1\"}");
		});
	}

	@Test
	void planOperationsFallBackToAWholePlanForAClientWithoutPlan() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			assertUpdate(peer,
					(c) -> c.planUpdate("s1", "p1",
							List.of(new PlanEntry("Read", PlanEntryPriority.HIGH, PlanEntryStatus.PENDING))),
					"{\"sessionUpdate\":\"plan\",\"entries\":[{\"content\":\"Read\",\"priority\":\"high\",\"status\":\"pending\"}]}");
			assertUpdate(peer, (c) -> c.planRemoved("s1", "p1"), "{\"sessionUpdate\":\"plan\",\"entries\":[]}");
			assertRefused(peer, "plan",
					() -> client.planUpdate("s1", new PlanUpdateContent.File("p2", "file:///plan.md")));
		});
	}

	@Test
	void aNoticeIsSentOnlyToAClientThatAdvertisedNotices() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"session\":{\"notices\":{}}}");
			assertThat(client.notice("s1", NoticeSeverity.INFO, "Indexed", null)).isTrue();
			assertThat(peer.next().toString()).contains("\"sessionUpdate\":\"notice\"");
		});
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			assertThat(client.notice("s1", NoticeSeverity.INFO, "Indexed", null)).isFalse();
			client.currentModeUpdate("s1", "code");
			assertThat(peer.next().toString()).as("the notice was not sent")
				.contains("\"sessionUpdate\":\"current_mode_update\"");
		});
	}

	@Test
	void aSubagentSessionIsAnnouncedOnlyToAClientThatAdvertisedSubagents() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"subagents\":{}}");
			assertThat(client.subagentUpdate("s1", new SessionUpdate.SubagentUpdate("child_1", "Reviewer", null)))
				.isTrue();
			assertThat(peer.next().at("/params").toString()).isEqualTo(
					"{\"sessionId\":\"s1\",\"update\":{\"sessionUpdate\":\"subagent_update\",\"sessionId\":\"child_1\",\"title\":\"Reviewer\"}}");
		});
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"plan\":{}}");
			assertThat(client.subagentUpdate("s1", new SessionUpdate.SubagentUpdate("child_1", "Reviewer", null)))
				.isFalse();
			client.currentModeUpdate("s1", "code");
			assertThat(peer.next().toString()).as("no subagent update was sent")
				.contains("\"sessionUpdate\":\"current_mode_update\"");
		});
	}

	@Test
	void compactionUpdatesAreSentOnlyToAClientThatAdvertisedCompaction() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"session\":{\"compaction\":{}}}");
			assertThat(client.compactionUpdate("s1", "cmp_1", CompactionStatus.IN_PROGRESS)).isTrue();
			assertThat(peer.next().toString()).contains("\"sessionUpdate\":\"compaction_update\"");
		});
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"session\":{\"notices\":{}}}");
			assertThat(client.compactionUpdate("s1", "cmp_1", CompactionStatus.IN_PROGRESS)).isFalse();
			assertThat(client.compactionSummaryChunk("s1", "cmp_1", new ContentBlock.Text("sum"))).isFalse();
			client.currentModeUpdate("s1", "code");
			assertThat(peer.next().toString()).as("no compaction update was sent")
				.contains("\"sessionUpdate\":\"current_mode_update\"");
		});
	}

	@Test
	void permissionRequestIsSentWithoutAnyCapabilityAndReadsTheSelectedOption() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(permissionRequest());
			JsonNode request = peer.next();
			assertThat(request.get("method").asString()).isEqualTo("session/request_permission");
			assertThat(request.get("params").toString()).isEqualTo("{\"sessionId\":\"s1\","
					+ "\"toolCall\":{\"toolCallId\":\"call_1\",\"kind\":\"edit\",\"status\":\"pending\",\"title\":\"Edit Main.java\"},"
					+ "\"options\":[{\"optionId\":\"allow\",\"name\":\"Allow\",\"kind\":\"allow_once\"},"
					+ "{\"optionId\":\"reject\",\"name\":\"Reject\",\"kind\":\"reject_once\"}]}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
					+ ",\"result\":{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow\"}}}");
			RequestPermissionOutcome outcome = answer.get(5, TimeUnit.SECONDS).outcome();
			assertThat(outcome).isInstanceOfSatisfying(RequestPermissionOutcome.Selected.class,
					(selected) -> assertThat(selected.optionId()).isEqualTo("allow"));
		});
	}

	@Test
	void permissionRequestReadsTheCancelledOutcome() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(permissionRequest(),
					Duration.ofSeconds(5));
			JsonNode request = peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
					+ ",\"result\":{\"outcome\":{\"outcome\":\"cancelled\"}}}");
			assertThat(answer.get(5, TimeUnit.SECONDS).outcome())
				.isInstanceOf(RequestPermissionOutcome.Cancelled.class);
		});
	}

	@Test
	void permissionRequestWithAnUnknownOutcomeFails() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(permissionRequest());
			JsonNode request = peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
					+ ",\"result\":{\"outcome\":{\"outcome\":\"maybe\"}}}");
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> answer.get(5, TimeUnit.SECONDS));
		});
	}

	@Test
	void clientErrorAnsweringAPermissionRequestIsAnAcpClientException() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(permissionRequest());
			JsonNode request = peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
					+ ",\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}");
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> answer.get(5, TimeUnit.SECONDS))
				.withCauseInstanceOf(AcpClientException.class);
		});
	}

	@Test
	void permissionRequestsWaitLongerThanOtherCallsByDefault() {
		this.contextRunner.run((context) -> {
			AcpClient client = connect(context, new TestPeer(context), "{}");
			assertThat(client.permissionTimeout()).isEqualTo(AcpClient.MIN_PERMISSION_TIMEOUT)
				.isEqualTo(Duration.ofMinutes(30));
		});
		this.contextRunner.withPropertyValues("acp.client.request-timeout=2h").run((context) -> {
			AcpClient client = connect(context, new TestPeer(context), "{}");
			assertThat(client.permissionTimeout()).isEqualTo(Duration.ofHours(2));
		});
	}

	@Test
	void perCallTimeoutFailsTheCallAndSendsCancelRequest() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(permissionRequest(), SHORT);
			JsonNode request = peer.next();
			JsonNode cancel = peer.next();
			assertThat(cancel.toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\",\"params\":"
					+ "{\"requestId\":" + request.get("id") + "}}");
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> answer.get(5, TimeUnit.SECONDS))
				.withCauseInstanceOf(TimeoutException.class);
			assertLateAnswerDropped(peer, request);
		});
	}

	@Test
	void perCallTimeoutAppliesToGenericAndTypedRequests() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"_meta\":{\"x.dev\":{}}}");
			CompletableFuture<JsonNode> generic = client.request("_x.dev/slow", Map.of(), JsonNode.class, SHORT);
			assertCancelledAfterTimeout(peer, generic);
		});
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, ALL_CAPABILITIES);
			assertCancelledAfterTimeout(peer,
					client.waitForTerminalExit(new WaitForTerminalExitRequest("s1", "term_1"), SHORT));
		});
	}

	@Test
	void cancellingTheReturnedFutureAbandonsTheCallAndSendsCancelRequest() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(permissionRequest());
			JsonNode request = peer.next();
			assertThat(peer.poll(Duration.ofMillis(50))).isNull();
			assertThat(answer.cancel(true)).isTrue();
			assertThat(peer.next().toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\","
					+ "\"params\":{\"requestId\":" + request.get("id") + "}}");
			assertThatExceptionOfType(CancellationException.class).isThrownBy(answer::join);
			assertLateAnswerDropped(peer, request);
		});
	}

	@Test
	void callerTimeoutOnTheReturnedFutureAlsoAbandonsTheCall() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, ALL_CAPABILITIES);
			CompletableFuture<TerminalOutputResponse> output = client
				.terminalOutput(new TerminalOutputRequest("s1", "term_1"))
				.orTimeout(SHORT.toMillis(), TimeUnit.MILLISECONDS);
			JsonNode request = peer.next();
			assertThat(peer.next().at("/params/requestId").asLong()).isEqualTo(request.get("id").asLong());
			assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> output.get(5, TimeUnit.SECONDS))
				.withCauseInstanceOf(TimeoutException.class);
		});
	}

	@Test
	void answeredCallsSendNoCancelRequest() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{}");
			CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(permissionRequest(), SHORT);
			JsonNode request = peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
					+ ",\"result\":{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"reject\"}}}");
			answer.get(5, TimeUnit.SECONDS);
			answer.cancel(true);
			assertThat(peer.poll(SHORT.multipliedBy(2))).isNull();
		});
	}

	@Test
	void aCancelledPromptTurnAbandonsItsPermissionRequest() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			connect(context, peer, "{}");
			JsonNode request = CancelledTurns.prompt(peer, "ask");
			assertThat(request.get("method").asString()).isEqualTo("session/request_permission");
			CancelledTurns.cancelAndAssertAnsweredCancelled(peer, request);
		});
	}

	@Test
	void fileCallsNeedTheirFileSystemCapability() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"fs\":{\"readTextFile\":false}}");
			assertRefused(peer, "fs.readTextFile",
					() -> client.readTextFile(new ReadTextFileRequest("s1", "/a", null, null, null, null)));
			assertRefused(peer, "fs.writeTextFile",
					() -> client.writeTextFile(new WriteTextFileRequest("s1", "/a", "x"), Duration.ofSeconds(1)));
		});
	}

	@Test
	void terminalCallsNeedTheTerminalCapability() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, "{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true}}");
			assertRefused(peer, "terminal", () -> client.createTerminal(new CreateTerminalRequest("s1", "ls")));
			assertRefused(peer, "terminal", () -> client.terminalOutput(new TerminalOutputRequest("s1", "t")));
			assertRefused(peer, "terminal",
					() -> client.waitForTerminalExit(new WaitForTerminalExitRequest("s1", "t")));
			assertRefused(peer, "terminal", () -> client.killTerminal(new KillTerminalRequest("s1", "t")));
			assertRefused(peer, "terminal",
					() -> client.releaseTerminal(new ReleaseTerminalRequest("s1", "t"), Duration.ofSeconds(1)));
		});
	}

	@Test
	void terminalCallsWriteTheirRequestsAndReadTheirAnswers() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, ALL_CAPABILITIES);
			CompletableFuture<CreateTerminalResponse> created = client.createTerminal(new CreateTerminalRequest("s1",
					"npm", List.of("test"), List.of(new EnvVariable("CI", "1")), "/work", 4096L));
			JsonNode request = expectRequest(peer, "terminal/create",
					"{\"sessionId\":\"s1\",\"command\":\"npm\",\"args\":[\"test\"],\"env\":[{\"name\":\"CI\",\"value\":\"1\"}],\"cwd\":\"/work\",\"outputByteLimit\":4096}");
			answer(peer, request, "{\"terminalId\":\"term_1\"}");
			assertThat(created.get(5, TimeUnit.SECONDS).terminalId()).isEqualTo("term_1");

			CompletableFuture<TerminalOutputResponse> output = client
				.terminalOutput(new TerminalOutputRequest("s1", "term_1"));
			request = expectRequest(peer, "terminal/output", "{\"sessionId\":\"s1\",\"terminalId\":\"term_1\"}");
			answer(peer, request, "{\"output\":\"ok\\n\",\"truncated\":false,\"exitStatus\":{\"exitCode\":0}}");
			TerminalOutputResponse out = output.get(5, TimeUnit.SECONDS);
			assertThat(out.output()).isEqualTo("ok\n");
			assertThat(out.exitStatus().exitCode()).isZero();

			CompletableFuture<WaitForTerminalExitResponse> exit = client
				.waitForTerminalExit(new WaitForTerminalExitRequest("s1", "term_1"), Duration.ofMinutes(10));
			request = expectRequest(peer, "terminal/wait_for_exit", "{\"sessionId\":\"s1\",\"terminalId\":\"term_1\"}");
			answer(peer, request, "{\"exitCode\":null,\"signal\":\"SIGKILL\"}");
			assertThat(exit.get(5, TimeUnit.SECONDS).signal()).isEqualTo("SIGKILL");

			CompletableFuture<?> killed = client.killTerminal(new KillTerminalRequest("s1", "term_1"));
			request = expectRequest(peer, "terminal/kill", "{\"sessionId\":\"s1\",\"terminalId\":\"term_1\"}");
			answer(peer, request, "{}");
			killed.get(5, TimeUnit.SECONDS);

			CompletableFuture<?> released = client.releaseTerminal(new ReleaseTerminalRequest("s1", "term_1"));
			request = expectRequest(peer, "terminal/release", "{\"sessionId\":\"s1\",\"terminalId\":\"term_1\"}");
			answer(peer, request, "{}");
			released.get(5, TimeUnit.SECONDS);
		});
	}

	@Test
	void fileCallsWriteTheirRequestsWhenAdvertised() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			AcpClient client = connect(context, peer, ALL_CAPABILITIES);
			CompletableFuture<?> written = client.writeTextFile(new WriteTextFileRequest("s1", "/a.txt", "x"),
					Duration.ofSeconds(5));
			JsonNode request = expectRequest(peer, "fs/write_text_file",
					"{\"sessionId\":\"s1\",\"path\":\"/a.txt\",\"content\":\"x\"}");
			answer(peer, request, "{}");
			written.get(5, TimeUnit.SECONDS);
		});
	}

	private static void assertCancelledAfterTimeout(TestPeer peer, CompletableFuture<?> call) throws Exception {
		JsonNode request = peer.next();
		JsonNode cancel = peer.next();
		assertThat(cancel.get("method").asString()).isEqualTo("$/cancel_request");
		assertThat(cancel.at("/params/requestId").asLong()).isEqualTo(request.get("id").asLong());
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> call.get(5, TimeUnit.SECONDS))
			.withCauseInstanceOf(TimeoutException.class);
	}

	/**
	 * The client answers a call the agent abandoned: the answer is dropped, nothing is
	 * sent back.
	 */
	private static void assertLateAnswerDropped(TestPeer peer, JsonNode request) throws InterruptedException {
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id")
				+ ",\"result\":{\"outcome\":{\"outcome\":\"cancelled\"}}}");
		assertThat(peer.poll(SHORT)).isNull();
	}

	private static void assertRefused(TestPeer peer, String capability, Runnable call) throws InterruptedException {
		assertThatExceptionOfType(AcpClientCapabilityException.class).isThrownBy(call::run)
			.satisfies((ex) -> assertThat(ex.getCapability()).isEqualTo(capability));
		assertThat(peer.poll(Duration.ofMillis(20))).as("nothing sent").isNull();
	}

	private static JsonNode expectRequest(TestPeer peer, String method, String params) throws InterruptedException {
		JsonNode request = peer.next();
		assertThat(request.get("jsonrpc").asString()).isEqualTo("2.0");
		assertThat(request.get("id").isIntegralNumber()).isTrue();
		assertThat(request.get("method").asString()).isEqualTo(method);
		assertThat(request.get("params").toString()).isEqualTo(params);
		return request;
	}

	private static void answer(TestPeer peer, JsonNode request, String result) {
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":" + result + "}");
	}

	private static void assertUpdate(TestPeer peer, Consumer<AcpClient> call, String update) throws Exception {
		call.accept(Capture.client(peer));
		assertThat(peer.next().toString())
			.isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"s1\",\"update\":"
					+ update + "}}");
	}

	private static RequestPermissionRequest permissionRequest() {
		return new RequestPermissionRequest("s1",
				new ToolCallUpdate("call_1", ToolKind.EDIT, ToolCallStatus.PENDING, "Edit Main.java", null, null, null,
						null, null),
				List.of(new PermissionOption("allow", "Allow", PermissionOptionKind.ALLOW_ONCE),
						new PermissionOption("reject", "Reject", PermissionOptionKind.REJECT_ONCE)));
	}

	/**
	 * Initialize the connection and take its client proxy from a handler.
	 */
	private static AcpClient connect(AssertableApplicationContext context, TestPeer peer, String capabilities)
			throws InterruptedException {
		peer.initialize(capabilities);
		JsonNode answer = peer.call(1, "_proxy.test/capture", "{}");
		assertThat(answer.has("result")).as(answer.toString()).isTrue();
		return Capture.client(peer);
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Capture capture() {
			return new Capture();
		}

		@Bean
		Prompts prompts() {
			return new Prompts();
		}

	}

	@AcpExtension("proxy.test")
	static class Capture {

		private static final Map<String, AcpClient> clients = new ConcurrentHashMap<>();

		static AcpClient client(TestPeer peer) {
			return clients.get(peer.connection().id());
		}

		@AcpMethod("_proxy.test/capture")
		void capture(AcpRequestContext context) {
			clients.put(context.connection().id(), context.client());
		}

	}

	static class Prompts {

		/**
		 * Ask for permission and wait; when the turn is cancelled, the handler thread is
		 * interrupted and the call abandoned.
		 */
		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
			CompletableFuture<RequestPermissionResponse> pending = context.client()
				.requestPermission(permissionRequest());
			try {
				pending.get(10, TimeUnit.SECONDS);
				return new PromptResponse(StopReason.END_TURN);
			}
			catch (InterruptedException ex) {
				pending.cancel(true);
				return new PromptResponse(StopReason.END_TURN);
			}
		}

	}

}

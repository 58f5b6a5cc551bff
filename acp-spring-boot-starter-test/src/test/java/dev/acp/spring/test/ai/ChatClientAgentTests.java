package dev.acp.spring.test.ai;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.Set;

import dev.acp.spring.ai.AcpTool;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.FileSystemCapabilities;
import dev.acp.spring.protocol.HttpHeader;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.McpCapabilities;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.ResumeSessionRequest;
import dev.acp.spring.protocol.SessionSystemPromptCapabilities;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.SystemPrompt;
import dev.acp.spring.protocol.SystemPromptMode;
import dev.acp.spring.protocol.ToolCallContent;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.test.AcpResponse;
import dev.acp.spring.test.AcpTestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.tool.annotation.Tool;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The model loop end to end: the starter's dispatcher reached by the test client, Spring
 * AI's real OpenAI module, and a scripted OpenAI-compatible server on 127.0.0.1 standing
 * in for the model service.
 */
class ChatClientAgentTests {

	private static final ClientCapabilities FILES = new ClientCapabilities(new FileSystemCapabilities(true, true, null),
			null, null, null, null, null);

	private ScriptedOpenAiServer model;

	private ConfigurableApplicationContext context;

	private AcpTestClient client;

	@BeforeEach
	void start() throws Exception {
		this.model = new ScriptedOpenAiServer();
		this.context = new SpringApplicationBuilder(AiAgent.class).web(WebApplicationType.NONE)
			.properties("acp.transport=none", "acp.ai.enabled=true", "acp.ai.system-prompt=You are a test agent.",
					"acp.ai.client-system-prompt-override=true", "acp.protocol.versions=1,2",
					"spring.main.banner-mode=off", "spring.ai.openai.base-url=" + this.model.baseUrl(),
					"spring.ai.openai.api-key=test-key", "spring.ai.openai.chat.model=scripted-model",
					"spring.ai.retry.max-attempts=1")
			.run("--spring.ai.model.chat=openai");
		this.client = AcpTestClient.connect(this.context);
	}

	@AfterEach
	void stop() {
		this.client.close();
		this.context.close();
		this.model.close();
	}

	@Test
	void streamedTextBecomesAgentMessageChunksInOrder() {
		this.model.text("stop", "Hel", "lo, ", "world");
		this.client.initialize();
		String sessionId = this.client.newSession();

		PromptResponse response = this.client.prompt(sessionId, "Say hello");

		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(chunks(sessionId)).containsExactly("Hel", "lo, ", "world");
		assertThat(this.client.sessionUpdates(sessionId)).filteredOn(SessionUpdate.UsageUpdate.class::isInstance)
			.singleElement()
			.satisfies((usage) -> assertThat(((SessionUpdate.UsageUpdate) usage).used()).isEqualTo(17L));
		JsonNode request = this.model.requests().get(0);
		assertThat(request.get("stream").asBoolean()).isTrue();
		assertThat(request.get("model").asString()).isEqualTo("scripted-model");
		assertThat(messages(request)).containsExactly("system:You are a test agent.", "user:Say hello");
	}

	@Test
	void theModelIsCalledAtChatCompletionsRightUnderTheBaseUrlWithNoV1Added() {
		this.model.text("stop", "ok");
		this.client.initialize();
		this.client.prompt(this.client.newSession(), "hi");
		// so an OpenAI-compatible server under /v1 (Ollama's) needs /v1 in
		// spring.ai.openai.base-url
		assertThat(this.model.paths()).containsExactly("/chat/completions");
	}

	@Test
	void theAgentAdvertisesTheSystemPromptModesItServes() {
		InitializeResponse initialized = this.client.initialize();

		assertThat(initialized.agentCapabilities().sessionCapabilities().systemPrompt())
			.isEqualTo(SessionSystemPromptCapabilities.appendAndOverride());
	}

	@Test
	void anAppendedClientSystemPromptReachesTheModelAfterTheConfiguredOne() {
		this.model.text("stop", "ok");
		this.client.initialize();
		String sessionId = this.client
			.newSession(new NewSessionRequest("/work", null, List.of(),
					SystemPrompt.of(SystemPromptMode.APPEND, "Answer in French."), null, null))
			.sessionId();

		this.client.prompt(sessionId, "Say hello");

		assertThat(messages(this.model.requests().get(0)))
			.containsExactly("system:You are a test agent.\n\nAnswer in French.", "user:Say hello");
	}

	@Test
	void anOverridingClientSystemPromptReplacesTheConfiguredOne() {
		this.model.text("stop", "ok");
		this.client.initialize();
		String sessionId = this.client
			.newSession(new NewSessionRequest("/work", null, List.of(),
					SystemPrompt.of(SystemPromptMode.OVERRIDE, "You review code."), null, null))
			.sessionId();

		this.client.prompt(sessionId, "Say hello");

		assertThat(messages(this.model.requests().get(0))).containsExactly("system:You review code.", "user:Say hello");
	}

	@Test
	void aSystemPromptOfAnUnservedModeIsRefusedWithoutASession() {
		this.client.initialize();

		AcpResponse answer = this.client.call("session/new", new NewSessionRequest("/work", null, List.of(),
				SystemPrompt.of(SystemPromptMode.custom("_team"), "x"), null, null));

		assertThat(answer.isError()).isTrue();
		assertThat(answer.error().code()).isEqualTo(-32602);
		assertThat(answer.error().data().toString()).contains("systemPrompt.mode").contains("'_team'");
	}

	@Test
	void theSystemPromptOfASessionResumeReachesTheModel() {
		this.model.text("stop", "ok").text("stop", "ok");
		this.client.initialize();
		String sessionId = this.client.newSession();
		this.client.prompt(sessionId, "First");

		AcpResponse resumed = this.client.call("session/resume", new ResumeSessionRequest(sessionId, "/work", null,
				List.of(), SystemPrompt.of(SystemPromptMode.APPEND, "Answer in French."), null, null));
		this.client.prompt(sessionId, "Second");

		assertThat(resumed.isError()).isFalse();
		assertThat(messages(this.model.requests().get(1))).containsExactly(
				"system:You are a test agent.\n\nAnswer in French.", "user:First", "assistant:ok", "user:Second");
	}

	@Test
	void finishReasonLengthAnswersMaxTokens() {
		this.model.text("length", "cut");
		this.client.initialize();
		String sessionId = this.client.newSession();

		assertThat(this.client.prompt(sessionId, "Go on").stopReason()).isEqualTo(StopReason.MAX_TOKENS);
	}

	@Test
	void theModelContinuesTheSessionsConversation() {
		this.model.text("stop", "First answer").text("stop", "Second answer");
		this.client.initialize();
		String sessionId = this.client.newSession();
		this.client.prompt(sessionId, "First question");

		this.client.prompt(sessionId, "Second question");

		assertThat(messages(this.model.requests().get(1))).containsExactly("system:You are a test agent.",
				"user:First question", "assistant:First answer", "user:Second question");
	}

	@Test
	void aV2ConnectionIsServedTheTurnAcknowledgedStreamedWithMessageIdsAndEndedIdle() {
		this.model.text("stop", "Hel", "lo").text("stop", "Again");
		AcpResponse initialized = this.client.call("initialize",
				Map.of("protocolVersion", 2, "info", Map.of("name", "v2-client", "version", "2.4")));
		assertThat(initialized.result().get("protocolVersion").asInt()).isEqualTo(2);
		String sessionId = this.client.newSession();

		AcpResponse ack = this.client.call("session/prompt",
				Map.of("sessionId", sessionId, "prompt", List.of(Map.of("type", "text", "text", "Say hello"))));
		// the next prompt is held until the first turn ends: its acknowledgement follows
		// that turn's idle
		this.client.call("session/prompt",
				Map.of("sessionId", sessionId, "prompt", List.of(Map.of("type", "text", "text", "Again"))));

		String messageId = ack.result().get("messageId").asString();
		List<JsonNode> updates = this.client.receivedNotifications()
			.stream()
			.filter((message) -> message.method().equals("session/update"))
			.map((message) -> message.params().get("update"))
			.toList();
		List<String> kinds = updates.stream()
			.map((update) -> update.get("sessionUpdate").asString() + update.path("state").asString(""))
			.toList();
		assertThat(kinds.subList(0, kinds.indexOf("state_updateidle") + 1)).containsExactly("state_updaterunning",
				"user_message", "agent_message_chunk", "agent_message_chunk", "usage_update", "state_updateidle");
		assertThat(updates.get(1).get("messageId").asString()).isEqualTo(messageId);
		assertThat(updates.get(2).get("messageId").asString()).isNotEqualTo(messageId)
			.isEqualTo(updates.get(3).get("messageId").asString());
		assertThat(updates.get(kinds.indexOf("state_updateidle")).get("stopReason").asString()).isEqualTo("end_turn");
	}

	@Test
	void aSessionLoadedOnAnotherConnectionContinuesTheConversation() {
		this.model.text("stop", "First answer").text("stop", "Second answer");
		this.client.initialize();
		String sessionId = this.client.newSession();
		this.client.prompt(sessionId, "First question");
		try (AcpTestClient other = AcpTestClient.connect(this.context)) {
			other.initialize();
			other.loadSession(sessionId);

			PromptResponse response = other.prompt(sessionId, "Second question");

			assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
			assertThat(other.agentMessageText(sessionId)).endsWith("Second answer");
		}
		assertThat(messages(this.model.requests().get(1))).containsExactly("system:You are a test agent.",
				"user:First question", "assistant:First answer", "user:Second question");
	}

	@Test
	void theModelReadsAFileThroughTheClient() {
		List<ReadTextFileRequest> reads = new CopyOnWriteArrayList<>();
		this.client.onReadTextFile((request) -> {
			reads.add(request);
			return new ReadTextFileResponse("hello from the editor", null, null);
		});
		this.model.toolCall("tc_1", "read_file", "{\"path\":\"notes.txt\"}").text("stop", "It says hello.");
		this.client.initialize(FILES);
		String sessionId = this.client.newSession(Path.of("/work/project")).sessionId();

		PromptResponse response = this.client.prompt(sessionId, "What is in notes.txt?");

		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(reads).singleElement().satisfies((read) -> {
			assertThat(read.sessionId()).isEqualTo(sessionId);
			assertThat(read.path()).isEqualTo(Path.of("/work/project/notes.txt").toString());
		});
		SessionUpdate.ToolCall call = toolCall(sessionId);
		assertThat(call.title()).isEqualTo("Read notes.txt");
		assertThat(call.kind()).isEqualTo(ToolKind.READ);
		assertThat(call.rawInput().get("path").asString()).isEqualTo("notes.txt");
		assertThat(statuses(sessionId)).containsExactly(ToolCallStatus.IN_PROGRESS, ToolCallStatus.COMPLETED);
		assertThat(this.client.receivedRequests()).noneMatch((r) -> r.method().equals("session/request_permission"));
		assertThat(toolResults(this.model.requests().get(1))).containsExactly("hello from the editor");
		assertThat(chunks(sessionId)).containsExactly("It says hello.");
	}

	@Test
	void aWriteRejectedAtThePermissionPromptWritesNothing() {
		List<WriteTextFileRequest> writes = new CopyOnWriteArrayList<>();
		List<RequestPermissionRequest> asked = new CopyOnWriteArrayList<>();
		this.client.onWriteTextFile(writes::add)
			.onReadTextFile((request) -> new ReadTextFileResponse("old", null, null))
			.onPermissionRequest((request) -> {
				asked.add(request);
				return new RequestPermissionResponse(new RequestPermissionOutcome.Selected("reject_once"));
			});
		this.model.toolCall("tc_1", "write_file", "{\"path\":\"/work/project/a.txt\",\"content\":\"new\"}")
			.text("stop", "Understood, I left it.");
		this.client.initialize(FILES);
		String sessionId = this.client.newSession(Path.of("/work/project")).sessionId();

		PromptResponse response = this.client.prompt(sessionId, "Overwrite a.txt");

		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(writes).isEmpty();
		assertThat(asked).singleElement().satisfies((request) -> {
			assertThat(request.toolCall().kind()).isEqualTo(ToolKind.EDIT);
			assertThat(request.toolCall().content())
				.containsExactly(ToolCallContent.diff("/work/project/a.txt", "old", "new"));
			assertThat(request.options()).extracting((option) -> option.optionId())
				.containsExactly("allow_once", "allow_always", "reject_once");
		});
		assertThat(statuses(sessionId)).containsExactly(ToolCallStatus.FAILED);
		assertThat(toolResults(this.model.requests().get(1))).singleElement()
			.satisfies((result) -> assertThat(result).contains("rejected"));
	}

	@Test
	void allowAlwaysIsRememberedForTheSession() {
		List<WriteTextFileRequest> writes = new CopyOnWriteArrayList<>();
		List<RequestPermissionRequest> asked = new CopyOnWriteArrayList<>();
		this.client.onWriteTextFile(writes::add)
			.onReadTextFile((request) -> new ReadTextFileResponse("", null, null))
			.onPermissionRequest((request) -> {
				asked.add(request);
				return new RequestPermissionResponse(new RequestPermissionOutcome.Selected("allow_always"));
			});
		this.model.toolCall("tc_1", "write_file", "{\"path\":\"/p/a.txt\",\"content\":\"1\"}")
			.toolCall("tc_2", "write_file", "{\"path\":\"/p/b.txt\",\"content\":\"2\"}")
			.text("stop", "Done.");
		this.client.initialize(FILES);
		String sessionId = this.client.newSession(Path.of("/p")).sessionId();

		this.client.prompt(sessionId, "Write both");

		assertThat(asked).hasSize(1);
		assertThat(writes).extracting(WriteTextFileRequest::path).containsExactly("/p/a.txt", "/p/b.txt");
	}

	@Test
	void cancelMidStreamClosesTheModelsHttpStreamAndAnswersCancelled() throws Exception {
		ScriptedOpenAiServer.Hold hold = this.model.textThenHold("Thinking");
		this.client.initialize();
		String sessionId = this.client.newSession();

		CompletableFuture<AcpResponse> turn = this.client.promptAsync(sessionId, "Take your time");
		assertThat(hold.sent.await(30, TimeUnit.SECONDS)).isTrue();
		this.client.cancel(sessionId);
		hold.cancelled.countDown();

		assertThat(turn.get(30, TimeUnit.SECONDS).result().get("stopReason").asString()).isEqualTo("cancelled");
		assertThat(hold.closed.await(30, TimeUnit.SECONDS)).as("the model's HTTP stream was closed").isTrue();
	}

	@Test
	void cancelWhileAnApplicationToolRunsInterruptsItAndAnswersCancelledAtOnce() throws Exception {
		SlowTool tool = this.context.getBean(SlowTool.class);
		this.model.toolCall("tc_1", "waitForRelease", "{}").text("stop", "Never asked.");
		this.client.initialize();
		String sessionId = this.client.newSession();

		CompletableFuture<AcpResponse> turn = this.client.promptAsync(sessionId, "Wait for it");
		assertThat(tool.started.await(30, TimeUnit.SECONDS)).isTrue();
		this.client.cancel(sessionId);

		assertThat(turn.get(10, TimeUnit.SECONDS).result().get("stopReason").asString()).isEqualTo("cancelled");
		assertThat(statuses(sessionId)).as("the tool call failed before the answer")
			.containsExactly(ToolCallStatus.IN_PROGRESS, ToolCallStatus.FAILED);
		assertThat(tool.interrupted.await(10, TimeUnit.SECONDS)).as("the tool's thread was interrupted").isTrue();
		assertThat(this.model.requests()).as("the model is not called again").hasSize(1);
	}

	@Test
	void aCommandStoppedByCancelStillHasItsTerminalReleased() throws Exception {
		List<String> calls = new CopyOnWriteArrayList<>();
		CountDownLatch waiting = new CountDownLatch(1);
		CompletableFuture<Void> exit = new CompletableFuture<>();
		CountDownLatch released = new CountDownLatch(1);
		this.client
			.onPermissionRequest(
					(request) -> new RequestPermissionResponse(new RequestPermissionOutcome.Selected("allow_once")))
			.onRequest("terminal/create", (params) -> {
				calls.add("create");
				return Map.of("terminalId", "term_1");
			})
			.onRequest("terminal/wait_for_exit", (params) -> {
				calls.add("wait");
				waiting.countDown();
				exit.orTimeout(30, TimeUnit.SECONDS).join();
				return Map.of("signal", "SIGTERM");
			})
			.onRequest("terminal/output", (params) -> {
				calls.add("output");
				return Map.of("output", "", "truncated", false);
			})
			.onRequest("terminal/release", (params) -> {
				calls.add("release " + params.get("terminalId").asString());
				released.countDown();
				return Map.of();
			});
		this.model.toolCall("tc_1", "run_command", "{\"command\":\"sleep\",\"args\":[\"600\"]}")
			.text("stop", "Never asked.");
		this.client.initialize(new ClientCapabilities(null, true, null, null, null, null));
		String sessionId = this.client.newSession(Path.of("/work/project")).sessionId();

		CompletableFuture<AcpResponse> turn = this.client.promptAsync(sessionId, "Run it for ten minutes");
		assertThat(waiting.await(30, TimeUnit.SECONDS)).isTrue();
		this.client.cancel(sessionId);
		assertThat(turn.get(30, TimeUnit.SECONDS).result().get("stopReason").asString()).isEqualTo("cancelled");
		exit.complete(null);

		assertThat(released.await(30, TimeUnit.SECONDS)).as("terminal/release sent").isTrue();
		assertThat(calls).containsExactly("create", "wait", "release term_1");
	}

	private List<String> chunks(String sessionId) {
		return this.client.sessionUpdates(sessionId)
			.stream()
			.filter(SessionUpdate.AgentMessageChunk.class::isInstance)
			.map((update) -> ((dev.acp.spring.protocol.ContentBlock.Text) ((SessionUpdate.AgentMessageChunk) update)
				.content()).text())
			.toList();
	}

	private SessionUpdate.ToolCall toolCall(String sessionId) {
		return this.client.sessionUpdates(sessionId)
			.stream()
			.filter(SessionUpdate.ToolCall.class::isInstance)
			.map(SessionUpdate.ToolCall.class::cast)
			.findFirst()
			.orElseThrow();
	}

	private List<ToolCallStatus> statuses(String sessionId) {
		return this.client.sessionUpdates(sessionId)
			.stream()
			.filter(ToolCallUpdate.class::isInstance)
			.map((update) -> ((ToolCallUpdate) update).status())
			.filter((status) -> status != null)
			.toList();
	}

	private static List<String> messages(JsonNode request) {
		List<String> messages = new java.util.ArrayList<>();
		for (JsonNode message : request.get("messages")) {
			JsonNode content = message.get("content");
			if (content != null && content.isString()) {
				messages.add(message.get("role").asString() + ":" + content.asString());
			}
			else if (content != null && content.isArray()) {
				messages.add(message.get("role").asString() + ":" + content.get(0).get("text").asString());
			}
		}
		return messages;
	}

	private static List<String> toolResults(JsonNode request) {
		List<String> results = new java.util.ArrayList<>();
		for (JsonNode message : request.get("messages")) {
			if ("tool".equals(message.get("role").asString())) {
				results.add(message.get("content").asString());
			}
		}
		return results;
	}

	@Test
	void anApplicationToolThatDeletesAsksFirstThenRunsAndShowsItsResult() {
		List<RequestPermissionRequest> asked = new CopyOnWriteArrayList<>();
		this.client.onPermissionRequest((request) -> {
			asked.add(request);
			return new RequestPermissionResponse(new RequestPermissionOutcome.Selected("allow_once"));
		});
		this.model.toolCall("tc_1", "deleteNote", "{\"id\":\"n7\"}").text("stop", "Deleted.");
		this.client.initialize();
		String sessionId = this.client.newSession();

		this.client.prompt(sessionId, "Delete note n7");

		assertThat(this.context.getBean(Notes.class).deleted).containsExactly("n7");
		assertThat(asked).singleElement()
			.satisfies((request) -> assertThat(request.toolCall().kind()).isEqualTo(ToolKind.DELETE));
		SessionUpdate.ToolCall call = toolCall(sessionId);
		assertThat(call.title()).isEqualTo("Delete a note");
		assertThat(statuses(sessionId)).containsExactly(ToolCallStatus.IN_PROGRESS, ToolCallStatus.COMPLETED);
		assertThat(toolResults(this.model.requests().get(1))).containsExactly("\"note n7 deleted\"");
	}

	@Test
	void anApplicationToolThatOnlyReadsRunsWithoutAsking() {
		this.model.toolCall("tc_1", "countNotes", "{}").text("stop", "Three.");
		this.client.initialize();
		String sessionId = this.client.newSession();

		this.client.prompt(sessionId, "How many notes?");

		assertThat(this.client.receivedRequests()).noneMatch((r) -> r.method().equals("session/request_permission"));
		assertThat(toolCall(sessionId).kind()).isEqualTo(ToolKind.OTHER);
		assertThat(toolResults(this.model.requests().get(1))).containsExactly("3");
	}

	@Test
	void aCommandRunsInTheClientsTerminalAfterAsking() {
		List<String> calls = new CopyOnWriteArrayList<>();
		this.client
			.onPermissionRequest(
					(request) -> new RequestPermissionResponse(new RequestPermissionOutcome.Selected("allow_once")))
			.onRequest("terminal/create", (params) -> {
				calls.add("create " + params.get("command").asString() + " " + params.get("args") + " in "
						+ params.get("cwd").asString());
				return Map.of("terminalId", "term_1");
			})
			.onRequest("terminal/wait_for_exit", (params) -> {
				calls.add("wait");
				return Map.of("exitCode", 0);
			})
			.onRequest("terminal/output", (params) -> {
				calls.add("output");
				return Map.of("output", "BUILD SUCCESS\n", "truncated", false);
			})
			.onRequest("terminal/release", (params) -> {
				calls.add("release");
				return Map.of();
			});
		this.model.toolCall("tc_1", "run_command", "{\"command\":\"mvn\",\"args\":[\"-q\",\"verify\"]}")
			.text("stop", "The build passes.");
		this.client.initialize(new ClientCapabilities(null, true, null, null, null, null));
		String sessionId = this.client.newSession(Path.of("/work/project")).sessionId();

		this.client.prompt(sessionId, "Run the build");

		assertThat(calls).containsExactly("create mvn [\"-q\",\"verify\"] in /work/project", "wait", "output",
				"release");
		assertThat(toolCall(sessionId).kind()).isEqualTo(ToolKind.EXECUTE);
		assertThat(toolCall(sessionId).title()).isEqualTo("Run mvn -q verify");
		assertThat(toolResults(this.model.requests().get(1))).containsExactly("Exit code 0\nBUILD SUCCESS\n");
	}

	@Test
	void aToolOfAnMcpServerFromSessionNewIsCalledAndTheServerStopsWithTheAgent() throws Exception {
		Path server = Path.of("src/test/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
			.toAbsolutePath();
		List<RequestPermissionRequest> asked = new CopyOnWriteArrayList<>();
		this.client.onPermissionRequest((request) -> {
			asked.add(request);
			return new RequestPermissionResponse(new RequestPermissionOutcome.Selected("allow_once"));
		});
		this.model.toolCall("tc_1", "echo", "{\"message\":\"hi\"}").text("stop", "It echoed.");
		this.client.initialize();
		Set<ProcessHandle> before = children();
		String sessionId = this.client
			.newSession(new NewSessionRequest("/work/project", null,
					List.of(new McpServer.Stdio("everything", "node", List.of(server.toString(), "stdio"), List.of())),
					null))
			.sessionId();
		Set<ProcessHandle> started = children();
		started.removeAll(before);

		PromptResponse response = this.client.prompt(sessionId, "Echo hi");

		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(toolResults(this.model.requests().get(1))).singleElement()
			.satisfies((result) -> assertThat(result).contains("Echo: hi"));
		assertThat(toolCall(sessionId).rawInput().get("message").asString()).isEqualTo("hi");
		assertThat(toolCall(sessionId).kind()).as("echo is read-only: it runs without asking").isEqualTo(ToolKind.READ);
		assertThat(asked).isEmpty();
		assertThat(started).as("the MCP server's process").isNotEmpty();
		this.context.close();
		for (ProcessHandle process : started) {
			process.onExit().get(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void aToolOfAStreamableHttpMcpServerIsCalledAndItsSessionClosesWithTheAgent() throws Exception {
		try (EverythingServer server = EverythingServer.streamableHttp()) {
			this.model.toolCall("tc_1", "echo", "{\"message\":\"hi\"}").text("stop", "It echoed.");
			InitializeResponse initialized = this.client.initialize();
			String sessionId = this.client
				.newSession(new NewSessionRequest("/work/project", null, List.of(new McpServer.Http("everything",
						server.url("/mcp"), List.of(new HttpHeader("X-Acp-Test", "streamable")))), null))
				.sessionId();

			PromptResponse response = this.client.prompt(sessionId, "Echo hi");

			assertThat(initialized.agentCapabilities().mcpCapabilities())
				.isEqualTo(new McpCapabilities(true, true, null));
			assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
			assertThat(toolNames(this.model.requests().get(0))).contains("echo");
			assertThat(toolResults(this.model.requests().get(1))).singleElement()
				.satisfies((result) -> assertThat(result).contains("Echo: hi"));
			this.context.close();
			assertThat(server.awaitSessionClosed()).as("the server saw its MCP session closed").isTrue();
		}
	}

	@Test
	void aToolOfAnSseMcpServerIsCalledAndItsConnectionClosesWithTheAgent() throws Exception {
		try (EverythingServer server = EverythingServer.sse()) {
			this.model.toolCall("tc_1", "echo", "{\"message\":\"hi\"}").text("stop", "It echoed.");
			this.client.initialize();
			String sessionId = this.client
				.newSession(new NewSessionRequest("/work/project", null,
						List.of(new McpServer.Sse("everything", server.url("/sse"), List.of())), null))
				.sessionId();

			PromptResponse response = this.client.prompt(sessionId, "Echo hi");

			assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
			assertThat(toolNames(this.model.requests().get(0))).contains("echo");
			assertThat(toolResults(this.model.requests().get(1))).singleElement()
				.satisfies((result) -> assertThat(result).contains("Echo: hi"));
			this.context.close();
			assertThat(server.awaitSessionClosed()).as("the server saw the SSE connection closed").isTrue();
		}
	}

	@Test
	void anMcpServerThatCannotBeReachedFailsSessionNewWithoutAStackTrace() throws Exception {
		this.client.initialize();
		int port;
		try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
			port = socket.getLocalPort();
		}

		AcpResponse response = this.client.call("session/new", Map.of("cwd", "/work/project", "mcpServers", List.of(Map
			.of("type", "http", "name", "docs", "url", "http://127.0.0.1:" + port + "/mcp", "headers", List.of()))));

		assertThat(response.error().code()).isEqualTo(-32603);
		assertThat(response.error().message()).isEqualTo("MCP server 'docs' did not start");
		assertThat(response.error().data()).hasToString("{\"mcpServer\":\"docs\"}");
	}

	private static List<String> toolNames(JsonNode request) {
		List<String> names = new java.util.ArrayList<>();
		for (JsonNode tool : request.path("tools")) {
			names.add(tool.get("function").get("name").asString());
		}
		return names;
	}

	private static Set<ProcessHandle> children() {
		return ProcessHandle.current()
			.descendants()
			.filter((process) -> process.info().commandLine().orElse("").contains("server-everything"))
			.collect(Collectors.toCollection(HashSet::new));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	@Import({ Notes.class, SlowTool.class })
	static class AiAgent {

	}

	static class SlowTool {

		final CountDownLatch started = new CountDownLatch(1);

		final CountDownLatch interrupted = new CountDownLatch(1);

		private final CountDownLatch release = new CountDownLatch(1);

		@Tool(description = "Wait until released")
		String waitForRelease() throws InterruptedException {
			this.started.countDown();
			try {
				return this.release.await(60, TimeUnit.SECONDS) ? "released" : "not released";
			}
			catch (InterruptedException ex) {
				this.interrupted.countDown();
				throw ex;
			}
		}

	}

	static class Notes {

		final List<String> deleted = new CopyOnWriteArrayList<>();

		@Tool(description = "Delete a note by id")
		@AcpTool(kind = "delete", title = "Delete a note")
		String deleteNote(String id) {
			this.deleted.add(id);
			return "note " + id + " deleted";
		}

		@Tool(description = "Count the notes")
		int countNotes() {
			return 3;
		}

	}

}

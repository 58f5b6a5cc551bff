package dev.acp.spring.test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.agent.support.AcpAgent;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.FileSystemCapabilities;
import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.test.autoconfigure.AcpTestClientAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The auto-configured {@link AcpTestClient} drives an application's agent in memory.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpTestClientTests {

	private static final ClientCapabilities ZED_WORKSPACE = new ClientCapabilities(null, null, null, null, null,
			Map.of("zed.dev", Map.of("workspace", true)));

	private final ApplicationContextRunner runner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpTestClientAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withBean(SampleAgent.class);

	@Test
	void initializeSendsTheChosenCapabilitiesAndMeta() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			InitializeResponse answer = client
				.initialize(new InitializeRequest(1, ZED_WORKSPACE, AcpTestClient.CLIENT_INFO,
						Map.of("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")));
			assertThat(answer.agentCapabilities().meta()).containsKey("sample.test");
			assertThat(client.call("_sample.test/whoami",
					Map.of("_meta", Map.of("traceparent", "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"))))
				.hasResult("{\"client\":\"acp-test-client\",\"zed\":\"{workspace=true}\","
						+ "\"traceparent\":\"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01\"}");
		});
	}

	@Test
	void coreAndExtensionMethodsAnswerTypedResults() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			assertThat(client.newSession()).startsWith("sess_");
			assertThat(client.call("_sample.test/count", Map.of("atLeast", 0), SampleAgent.Count.class))
				.isEqualTo(new SampleAgent.Count(0));
		});
	}

	@Test
	void notificationsAreHandledBeforeLaterCalls() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			for (int i = 0; i < 3; i++) {
				client.notify("_sample.test/event", Map.of("name", "e" + i));
			}
			assertThat(client.call("_sample.test/count", Map.of("atLeast", 3))).hasResult("{\"count\":3}");
		});
	}

	@Test
	void sessionUpdatesAreCollectedPerSession() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			String first = client.newSession();
			String second = client.newSession();
			assertThat(client.prompt(first, "one").stopReason()).isEqualTo(StopReason.END_TURN);
			client.prompt(second, "two");
			client.prompt(first, "three");
			assertThat(client.agentMessageText(first)).isEqualTo("onethree");
			assertThat(client.agentMessageText(second)).isEqualTo("two");
			assertThat(client.sessionUpdates(second)).singleElement()
				.isInstanceOf(SessionUpdate.AgentMessageChunk.class);
			assertThat(client.receivedNotifications()).hasSize(3)
				.allSatisfy((message) -> assertThat(message.method()).isEqualTo("session/update"));
		});
	}

	@Test
	void aHandlersCallToTheClientIsAnsweredByTheRegisteredHandler() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.onRequest("_zed.dev/workspace/buffers",
					(params) -> Map.of("buffers", List.of(params.get("language").stringValue() + ".rs")));
			client.initialize(ZED_WORKSPACE);
			String sessionId = client.newSession();
			client.prompt(sessionId, "buffers");
			assertThat(client.agentMessageText(sessionId)).isEqualTo("{\"buffers\":[\"rust.rs\"]}");
			assertThat(client.receivedRequests()).singleElement().satisfies((request) -> {
				assertThat(request.method()).isEqualTo("_zed.dev/workspace/buffers");
				assertThat(request.params().toString()).isEqualTo("{\"language\":\"rust\"}");
			});
		});
	}

	@Test
	void aCancelRequestOfTheAgentIsAmongTheReceivedNotificationsInArrivalOrder() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			// answers only once the agent gave up on it
			CompletableFuture<Void> released = new CompletableFuture<>();
			client.onRequest("_zed.dev/workspace/buffers", (params) -> released.orTimeout(10, TimeUnit.SECONDS).join());
			client.initialize(ZED_WORKSPACE);
			String sessionId = client.newSession();
			client.prompt(sessionId, "abandon");
			released.complete(null);
			// the cancel may arrive before the client's handler started: the request is
			// then
			// answered -32800 without reaching the handler (and the list of requests)
			assertThat(client.receivedRequests()).extracting(AcpReceivedMessage::method)
				.hasSizeLessThanOrEqualTo(1)
				.allMatch("_zed.dev/workspace/buffers"::equals);
			assertThat(client.receivedNotifications()).extracting(AcpReceivedMessage::method)
				.containsExactly("$/cancel_request", "session/update");
			assertThat(client.receivedNotifications().get(0).params().get("requestId").isIntegralNumber()).isTrue();
			assertThat(client.agentMessageText(sessionId)).isEqualTo("abandoned");
		});
	}

	@Test
	void newSessionInAWorkingDirectoryAnswersTheAgentsResponse() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			Path cwd = Path.of("build", "work");
			NewSessionResponse session = client.newSession(cwd);
			assertThat(session.sessionId()).startsWith("sess_");
			assertThat(session.meta()).containsEntry("cwd", cwd.toAbsolutePath().toString());
			NewSessionResponse another = client
				.newSession(new NewSessionRequest("/elsewhere", null, List.of(), Map.of("k", "v")));
			assertThat(another.meta()).containsEntry("cwd", "/elsewhere");
		});
	}

	@Test
	void loadSessionAnswersTheResponseAfterTheReplayedUpdates() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			assertThat(client.loadSession("sess_old", Path.of("/work"))).isEqualTo(new LoadSessionResponse());
			assertThat(client.agentMessageText("sess_old")).isEqualTo("replayed in /work");
			client.loadSession("sess_older");
			assertThat(client.agentMessageText("sess_older")).isEqualTo("replayed in " + Path.of("").toAbsolutePath());
		});
	}

	@Test
	void authenticateAnswersTheResponseOrFailsTheTestWithTheError() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			assertThat(client.authenticate("token").meta()).containsEntry("method", "token");
			assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> client.authenticate("password"))
				.withMessageContaining("-32000");
		});
	}

	@Test
	void aPromptOfContentBlocksAnswersTheTurnsResponse() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			String sessionId = client.newSession();
			PromptRequest request = new PromptRequest(sessionId,
					List.of(new ContentBlock.Text("he"), new ContentBlock.Text("llo")), null);
			assertThat(client.prompt(request).stopReason()).isEqualTo(StopReason.END_TURN);
			assertThat(client.promptAsync(request).join().result(PromptResponse.class).stopReason())
				.isEqualTo(StopReason.END_TURN);
			assertThat(client.agentMessageText(sessionId)).isEqualTo("hellohello");
		});
	}

	@Test
	void aClientMethodWithoutHandlerIsAnsweredMethodNotFound() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize(ZED_WORKSPACE);
			String sessionId = client.newSession();
			// the agent's future fails with the client's -32601; unhandled, the turn
			// answers -32603
			assertThat(client.promptAsync(sessionId, "buffers").join()).failsWith(-32603);
			assertThat(client.receivedRequests()).extracting(AcpReceivedMessage::method)
				.containsExactly("_zed.dev/workspace/buffers");
		});
	}

	@Test
	void permissionRequestsAreAnsweredByTheRegisteredHandler() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.onPermissionRequest((request) -> new RequestPermissionResponse(
					new RequestPermissionOutcome.Selected(request.options().get(0).optionId())));
			client.initialize();
			String sessionId = client.newSession();
			client.prompt(sessionId, "permission");
			assertThat(client.agentMessageText(sessionId)).isEqualTo("allow");
		});
	}

	@Test
	void fileReadsAndWritesAreAnsweredByTheRegisteredHandlers() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			List<WriteTextFileRequest> writes = new java.util.concurrent.CopyOnWriteArrayList<>();
			client.onReadTextFile((request) -> new ReadTextFileResponse("content of " + request.path(), null, null))
				.onWriteTextFile(writes::add);
			client.initialize(
					new ClientCapabilities(new FileSystemCapabilities(true, true, null), null, null, null, null, null));
			String sessionId = client.newSession();
			client.prompt(sessionId, "read");
			client.prompt(sessionId, "write");
			assertThat(client.agentMessageText(sessionId)).isEqualTo("content of /notes.txtsaved");
			assertThat(writes).singleElement().satisfies((write) -> assertThat(write.content()).isEqualTo("written"));
		});
	}

	@Test
	void errorsAreAssertedByCode() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			assertThat(client.call("_sample.test/missing", Map.of())).failsWith(-32601);
			assertThat(client.call("_sample.test/count", Map.of())).failsWith(-32602).hasDataContaining("atLeast");
			assertThat(client.call("_sample.test/count", Map.of("atLeast", 5))).failsWith(-32010)
				.hasMessage("Too few events")
				.hasDataSatisfying((data) -> assertThat(data.get("count").intValue()).isZero());
		});
	}

	@Test
	void anUnexpectedAnswerFailsTheAssertion() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			AcpResponse success = client.call("_sample.test/count", Map.of("atLeast", 0));
			assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(success).failsWith(-32602))
				.withMessageContaining("to fail");
			AcpResponse error = client.call("_sample.test/count", Map.of());
			assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> assertThat(error).failsWith(-32601))
				.withMessageContaining("-32602");
			assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> error.result(SampleAgent.Count.class))
				.withMessageContaining("Expected a result");
		});
	}

	@Test
	void cancelEndsTheTurnCancelled() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			String sessionId = client.newSession();
			CompletableFuture<AcpResponse> turn = client.promptAsync(sessionId, "wait");
			client.cancel(sessionId);
			assertThat(turn.join().result(PromptResponse.class).stopReason()).isEqualTo(StopReason.CANCELLED);
		});
	}

	@Test
	void aCallWithoutAnswerInTimeFailsTheTestAndIsCancelledAtTheAgent() {
		this.runner.run((context) -> {
			AcpTestClient client = context.getBean(AcpTestClient.class);
			client.initialize();
			String sessionId = client.newSession();
			client.timeout(Duration.ofMillis(200));
			assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> client.prompt(sessionId, "wait"))
				.withMessageContaining("No answer to 'session/prompt'");
			// the turns of a session run one at a time: this one starts once the agent
			// has ended the abandoned one on its $/cancel_request
			client.timeout(AcpTestClient.DEFAULT_TIMEOUT);
			assertThat(client.prompt(sessionId, "next").stopReason()).isEqualTo(StopReason.END_TURN);
		});
	}

	@Test
	void eachClientIsAConnectionOfItsOwnClosedWithTheContext() {
		this.runner.run((context) -> {
			AcpTestClient first = context.getBean(AcpTestClient.class);
			AcpTestClient second = context.getBean(AcpTestClient.class);
			first.initialize(ZED_WORKSPACE);
			second.initialize();
			assertThat(first.agentConnection().id()).isNotEqualTo(second.agentConnection().id());
			assertThat(first.agentConnection().clientCapabilities().extension("zed.dev")).isNotNull();
			assertThat(second.agentConnection().clientCapabilities().extension("zed.dev")).isNull();
			first.close();
			assertThat(context.getBean(AcpAgent.class).connections()).hasSize(1);
			assertThatExceptionOfType(IllegalStateException.class).isThrownBy(first::initialize);
		});
	}

	@Test
	void noClientWhenTheAgentIsDisabled() {
		this.runner.withPropertyValues("acp.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AcpTestClient.class));
	}

}

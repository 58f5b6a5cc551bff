package dev.acp.spring.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the ACP v2 prompt turn rendered from an application's v1
 * {@code session/prompt} handler: the acknowledgement, the state updates, message ids,
 * held prompts, cancel and the permission request's subject.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpV2PromptTurnTests {

	private static final String V2_INITIALIZE = "{\"protocolVersion\":2,\"info\":{\"name\":\"v2-client\",\"version\":\"2.4\"}}";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpSessionAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "acp.protocol.versions=1,2")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void aPromptIsEchoedAndAcknowledgedWithItsMessageIdThenTheTurnRunsAndEndsIdleWithItsStopReason() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			peer.send(prompt(7, sessionId, "hi"));
			JsonNode running = peer.next();
			JsonNode echo = peer.next();
			JsonNode ack = peer.next();
			JsonNode chunk = peer.next();
			JsonNode idle = peer.next();
			assertThat(state(running)).isEqualTo("running");
			assertThat(echo.at("/params/update/sessionUpdate").asString()).isEqualTo("user_message");
			assertThat(echo.at("/params/update/content/0/text").asString()).isEqualTo("hi");
			String messageId = echo.at("/params/update/messageId").asString();
			assertThat(ack.get("id").asInt()).as(ack.toString()).isEqualTo(7);
			assertThat(ack.get("result").toString()).isEqualTo("{\"messageId\":\"" + messageId + "\"}");
			assertThat(chunk.at("/params/update/sessionUpdate").asString()).isEqualTo("agent_message_chunk");
			assertThat(chunk.at("/params/update/messageId").asString()).isNotEmpty().isNotEqualTo(messageId);
			assertThat(state(idle)).as(idle.toString()).isEqualTo("idle");
			assertThat(idle.at("/params/update/stopReason").asString()).isEqualTo("end_turn");
			assertThat(peer.call("_v2.test/ping", "{}").get("result")).isNotNull();
		});
	}

	@Test
	void aPromptSentDuringATurnIsHeldUntilTheTurnEndsThenInserted() {
		this.contextRunner.run((context) -> {
			Handlers handlers = context.getBean(Handlers.class);
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			insert(peer, 7, sessionId, "gate");
			assertThat(handlers.gateEntered.await(10, TimeUnit.SECONDS)).isTrue();
			peer.send(prompt(8, sessionId, "hi"));
			JsonNode ping = peer.call("_v2.test/ping", "{}");
			assertThat(ping.has("result")).as("the held prompt is not answered, " + ping).isTrue();
			handlers.gate.countDown();
			JsonNode idle = peer.next();
			assertThat(state(idle)).as(idle.toString()).isEqualTo("idle");
			assertThat(state(peer.next())).isEqualTo("running");
			JsonNode echo = peer.next();
			JsonNode ack = peer.next();
			assertThat(ack.get("id").asInt()).as(ack.toString()).isEqualTo(8);
			assertThat(ack.at("/result/messageId").asString())
				.isEqualTo(echo.at("/params/update/messageId").asString());
		});
	}

	@Test
	void cancelEndsTheTurnIdleCancelledAndAnswersThePromptsHeldBehindItRequestCancelled() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			insert(peer, 7, sessionId, "wait");
			peer.send(prompt(8, sessionId, "hi"));
			peer.send(prompt(9, sessionId, "hi"));
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + sessionId
					+ "\"}}");
			List<JsonNode> messages = List.of(peer.next(), peer.next(), peer.next());
			assertThat(messages).filteredOn((message) -> message.has("id"))
				.extracting((message) -> message.get("id").asInt() + " " + message.at("/error/code").asInt())
				.containsExactlyInAnyOrder("8 -32800", "9 -32800");
			JsonNode idle = messages.stream().filter((message) -> !message.has("id")).findFirst().orElseThrow();
			assertThat(state(idle)).isEqualTo("idle");
			assertThat(idle.at("/params/update/stopReason").asString()).isEqualTo("cancelled");
			peer.send(prompt(10, sessionId, "hi"));
			assertThat(state(peer.next())).as("a prompt after the cancel is served").isEqualTo("running");
		});
	}

	@Test
	void aTurnPastTheMaxPromptDurationIsCancelledThoughItsAnswerWentOut() {
		this.contextRunner.withPropertyValues("acp.max-prompt-duration=200ms").run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			insert(peer, 7, sessionId, "wait");
			JsonNode idle = peer.next();
			assertThat(state(idle)).isEqualTo("idle");
			assertThat(idle.at("/params/update/stopReason").asString()).isEqualTo("cancelled");
		});
	}

	@Test
	void aPermissionRequestReportsRequiresActionUntilAnsweredAndNamesTheToolCallAsItsSubject() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			insert(peer, 7, sessionId, "ask");
			assertThat(state(peer.next())).isEqualTo("requires_action");
			JsonNode ask = peer.next();
			assertThat(ask.get("method").asString()).isEqualTo("session/request_permission");
			assertThat(ask.at("/params/title").asString()).isEqualTo("Edit README.md");
			assertThat(ask.at("/params/subject/type").asString()).isEqualTo("tool_call");
			assertThat(ask.at("/params/subject/toolCall/toolCallId").asString()).isEqualTo("call_1");
			assertThat(ask.at("/params/options/0/optionId").asString()).isEqualTo("allow");
			assertThat(ask.at("/params").has("toolCall")).isFalse();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + ask.get("id")
					+ ",\"result\":{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow\"}}}");
			assertThat(state(peer.next())).isEqualTo("running");
			assertThat(peer.next().at("/params/update/content/text").asString()).isEqualTo("approved");
			assertThat(peer.next().at("/params/update/stopReason").asString()).isEqualTo("end_turn");
		});
	}

	@Test
	void aPermissionOutcomeTheAgentDoesNotKnowIsNotApproval() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			insert(peer, 7, sessionId, "ask");
			assertThat(state(peer.next())).isEqualTo("requires_action");
			JsonNode ask = peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + ask.get("id")
					+ ",\"result\":{\"outcome\":{\"outcome\":\"_vendor/maybe\",\"optionId\":\"allow\"}}}");
			assertThat(state(peer.next())).isEqualTo("running");
			assertThat(peer.next().at("/params/update/content/text").asString()).isEqualTo("not approved");
		});
	}

	@Test
	void aPromptWithAContentBlockV2DoesNotDefineIsInvalidParamsAndNothingIsInserted() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			JsonNode answer = peer.call(7, "session/prompt", "{\"sessionId\":\"" + sessionId
					+ "\",\"prompt\":[{\"type\":\"text\",\"text\":\"hi\"},{\"type\":\"_vendor/blob\"}]}");
			assertThat(answer.at("/error/code").asInt()).as(answer.toString()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("prompt[1].type");
			assertThat(peer.call(8, "session/prompt", "{\"sessionId\":\"" + sessionId + "\",\"prompt\":[]}")
				.at("/error/code")
				.asInt()).isEqualTo(-32602);
			JsonNode ping = peer.call("_v2.test/ping", "{}");
			assertThat(ping.has("result")).as(ping.toString()).isTrue();
		});
	}

	@Test
	void cancellingAToolCallOrTerminalNoHandlerServesIsInvalidParamsNamingIt() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			JsonNode toolCall = peer.call("tool_call/cancel", "{\"sessionId\":\"s1\",\"toolCallId\":\"call_1\"}");
			JsonNode terminal = peer.call("terminal/cancel", "{\"sessionId\":\"s1\",\"terminalId\":\"t1\"}");
			assertThat(toolCall.at("/error/code").asInt()).as(toolCall.toString()).isEqualTo(-32602);
			assertThat(toolCall.at("/error/data/errors/0/field").asString()).isEqualTo("toolCallId");
			assertThat(terminal.at("/error/data/errors/0/field").asString()).isEqualTo("terminalId");
		});
	}

	@Test
	void aFailingTurnEndsIdleWithItsErrorAndTheConnectionKeepsServing() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			insert(peer, 7, sessionId, "fail");
			JsonNode idle = peer.next();
			assertThat(idle.at("/params/update/stopReason").asString()).as(idle.toString()).isEqualTo("error");
			assertThat(idle.at("/params/update/error/code").asInt()).isEqualTo(-32002);
			assertThat(idle.at("/params/update/error/message").asString()).isEqualTo("Resource not found");
			insert(peer, 8, sessionId, "crash");
			JsonNode crashed = peer.next();
			assertThat(crashed.at("/params/update/error/code").asInt()).isEqualTo(-32603);
			assertThat(crashed.toString()).doesNotContain("IllegalStateException").doesNotContain("secret");
			assertThat(peer.call("_v2.test/ping", "{}").has("result")).isTrue();
		});
	}

	@Test
	void theUserMessageKeepsTheIdItWasAcknowledgedWithWhenTheSessionIsResumed() {
		this.contextRunner.run((context) -> {
			TestPeer peer = v2(context);
			String sessionId = peer.newSession();
			String messageId = insert(peer, 7, sessionId, "hi");
			peer.next();
			assertThat(state(peer.next())).isEqualTo("idle");
			TestPeer other = v2(context);
			other.send("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"session/resume\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"cwd\":\"/work\",\"replayFrom\":{\"type\":\"start\"}}}");
			List<JsonNode> updates = new ArrayList<>();
			JsonNode message = other.next();
			while (!message.has("id")) {
				updates.add(message.at("/params/update"));
				message = other.next();
			}
			assertThat(updates.get(0).get("sessionUpdate").asString()).isEqualTo("user_message_chunk");
			assertThat(updates.get(0).get("messageId").asString()).isEqualTo(messageId);
			assertThat(updates).noneMatch((update) -> "state_update".equals(update.get("sessionUpdate").asString()));
		});
	}

	/**
	 * Send a prompt and read its insertion: {@code running}, the user message echoed, the
	 * acknowledgement with the echo's {@code messageId}.
	 * @return the message id
	 */
	private static String insert(TestPeer peer, int id, String sessionId, String text) throws InterruptedException {
		peer.send(prompt(id, sessionId, text));
		assertThat(state(peer.next())).isEqualTo("running");
		JsonNode echo = peer.next();
		assertThat(echo.at("/params/update/sessionUpdate").asString()).isEqualTo("user_message");
		JsonNode ack = peer.next();
		assertThat(ack.get("id").asInt()).as(ack.toString()).isEqualTo(id);
		String messageId = echo.at("/params/update/messageId").asString();
		assertThat(ack.at("/result/messageId").asString()).isEqualTo(messageId);
		return messageId;
	}

	private static String prompt(int id, String sessionId, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	private static String state(JsonNode message) {
		assertThat(message.at("/params/update/sessionUpdate").asString()).as(message.toString())
			.isEqualTo("state_update");
		return message.at("/params/update/state").asString();
	}

	private static TestPeer v2(ApplicationContext context) throws InterruptedException {
		TestPeer peer = new TestPeer(context);
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

		final CountDownLatch gateEntered = new CountDownLatch(1);

		final CountDownLatch gate = new CountDownLatch(1);

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
			String sessionId = request.sessionId();
			AcpClient client = context.client();
			switch (request.text()) {
				case "wait" -> {
					CompletableFuture<Void> cancelled = new CompletableFuture<>();
					context.onCancel(() -> cancelled.complete(null));
					cancelled.get(10, TimeUnit.SECONDS);
					return new PromptResponse(StopReason.CANCELLED);
				}
				case "gate" -> {
					this.gateEntered.countDown();
					this.gate.await(10, TimeUnit.SECONDS);
				}
				case "ask" -> {
					return ask(sessionId, client);
				}
				case "fail" -> throw new AcpException(-32002, "Resource not found", null);
				case "crash" -> throw new IllegalStateException("secret");
				default -> client.agentMessageChunk(sessionId, request.text());
			}
			return new PromptResponse(StopReason.END_TURN);
		}

		private PromptResponse ask(String sessionId, AcpClient client) throws InterruptedException {
			RequestPermissionRequest ask = RequestPermissionRequest.of(sessionId,
					ToolCallUpdate.builder("call_1")
						.title("Edit README.md")
						.kind(ToolKind.EDIT)
						.status(ToolCallStatus.PENDING)
						.build(),
					PermissionOption.allowOnce("allow", "Allow"), PermissionOption.rejectOnce("reject", "Reject"));
			boolean approved;
			try {
				approved = client.requestPermission(ask)
					.get()
					.outcome() instanceof RequestPermissionOutcome.Selected selected
						&& "allow".equals(selected.optionId());
			}
			catch (ExecutionException ex) {
				approved = false;
			}
			client.agentMessageChunk(sessionId, approved ? "approved" : "not approved");
			return new PromptResponse(StopReason.END_TURN);
		}

		@AcpMethod("_v2.test/ping")
		java.util.Map<String, Object> ping() {
			return java.util.Map.of("pong", true);
		}

	}

}

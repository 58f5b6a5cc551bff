package dev.acp.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import dev.acp.spring.test.ai.ScriptedOpenAiServer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo's {@code ai} profile over stdio, the real jar ({@code acp-demo-ai.jar})
 * against a scripted OpenAI-compatible server on 127.0.0.1 (standing in for the model
 * service): streamed text, a read through the client's fs, a write rejected at the
 * permission prompt, and a cancel that closes the model's HTTP stream.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoAgentAiIT {

	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	@Test
	void theAiProfileIsACodingAgentOnAnOpenAiCompatibleEndpoint() throws Exception {
		try (ScriptedOpenAiServer model = new ScriptedOpenAiServer();
				DemoAgentProcess agent = DemoAgentProcess.startAi("--spring.profiles.active=ai",
						"--spring.ai.openai.base-url=" + model.baseUrl(), "--spring.ai.openai.api-key=test-key",
						"--spring.ai.openai.chat.model=scripted-model")) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1,"
					+ "\"clientCapabilities\":{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true}}}}");
			assertThat(until(agent, 1, null).path("result").path("protocolVersion").asInt()).isEqualTo(1);
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/new\",\"params\":{\"cwd\":\"/work/p\","
					+ "\"mcpServers\":[]}}");
			String sessionId = until(agent, 2, null).path("result").path("sessionId").asString();

			model.toolCall("tc_1", "read_file", "{\"path\":\"notes.txt\"}").text("stop", "It ", "says hi.");
			List<JsonNode> seen = new ArrayList<>();
			agent.send(prompt(3, sessionId, "What is in notes.txt?"));
			JsonNode answer = until(agent, 3, (request) -> Map.of("content", "hi"), seen);
			assertThat(answer.path("result").path("stopReason").asString()).isEqualTo("end_turn");
			assertThat(seen).filteredOn((m) -> "fs/read_text_file".equals(m.path("method").asString()))
				.singleElement()
				.satisfies((read) -> assertThat(read.path("params").path("path").asString())
					.isEqualTo("/work/p/notes.txt"));
			assertThat(chunks(seen)).containsExactly("It ", "says hi.");

			model.toolCall("tc_2", "write_file", "{\"path\":\"notes.txt\",\"content\":\"bye\"}")
				.text("stop", "Left it.");
			List<JsonNode> second = new ArrayList<>();
			agent.send(prompt(4, sessionId, "Overwrite notes.txt"));
			until(agent, 4, (request) -> switch (request.path("method").asString()) {
				case "session/request_permission" ->
					Map.of("outcome", Map.of("outcome", "selected", "optionId", "reject_once"));
				case "fs/read_text_file" -> Map.of("content", "hi");
				default -> Map.of();
			}, second);
			assertThat(second).noneMatch((m) -> "fs/write_text_file".equals(m.path("method").asString()));
			assertThat(second).anyMatch((m) -> "session/request_permission".equals(m.path("method").asString()));

			ScriptedOpenAiServer.Hold hold = model.textThenHold("Working");
			agent.send(prompt(5, sessionId, "Take your time"));
			assertThat(hold.sent.await(60, TimeUnit.SECONDS)).isTrue();
			agent.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + sessionId
					+ "\"}}");
			hold.cancelled.countDown();
			assertThat(until(agent, 5, null).path("result").path("stopReason").asString()).isEqualTo("cancelled");
			assertThat(hold.closed.await(60, TimeUnit.SECONDS)).as("the model's HTTP stream was closed").isTrue();
		}
	}

	@Test
	void theAiProfileOfTheDemoWithoutSpringAiFailsStartupSayingWhichJarToRun() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--spring.profiles.active=ai")) {
			assertThat(agent.awaitExit(TIMEOUT)).isNotZero();
			assertThat(agent.stderr()).contains("The 'ai' profile runs from acp-demo-ai.jar");
		}
	}

	private static String prompt(int id, String sessionId, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	private static JsonNode until(DemoAgentProcess agent, int id, Function<JsonNode, Object> answer) throws Exception {
		return until(agent, id, answer, new ArrayList<>());
	}

	/** Read messages until the answer to {@code id}, answering the agent's requests. */
	private static JsonNode until(DemoAgentProcess agent, int id, Function<JsonNode, Object> answer,
			List<JsonNode> seen) throws Exception {
		while (true) {
			JsonNode message = agent.next(TIMEOUT);
			if (message.has("method") && message.has("id")) {
				seen.add(message);
				Object result = (answer != null) ? answer.apply(message) : Map.of();
				agent.send(DemoAgentProcess.mapper
					.writeValueAsString(Map.of("jsonrpc", "2.0", "id", message.get("id"), "result", result)));
			}
			else if (message.has("method")) {
				seen.add(message);
			}
			else if (message.path("id").asInt() == id) {
				return message;
			}
		}
	}

	private static List<String> chunks(List<JsonNode> messages) {
		return messages.stream()
			.filter((m) -> "agent_message_chunk"
				.equals(m.path("params").path("update").path("sessionUpdate").asString()))
			.map((m) -> m.path("params").path("update").path("content").path("text").asString())
			.toList();
	}

}

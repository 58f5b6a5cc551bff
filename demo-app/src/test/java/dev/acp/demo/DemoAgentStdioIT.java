package dev.acp.demo;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the demo jar over stdio as an editor would, and checks that standard output
 * carries protocol messages only, whatever the logging and handlers do.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoAgentStdioIT {

	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	/**
	 * From the start-up failure's answer to the process's end, with standard input still
	 * open: well under a second on a quiet machine, with room for a loaded one.
	 */
	private static final Duration EXIT_AFTER_ANSWER = Duration.ofSeconds(15);

	@Test
	void standardOutputCarriesOnlyJsonRpcMessagesWithDebugLoggingAndPrintingHandlers() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--logging.level.root=DEBUG")) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_demo.acp/echo\",\"params\":{\"x\":1}}");
			agent.send("this is not json");
			agent.send("[{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_demo.acp/echo\"}]");
			agent.send("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"_demo.acp/echo\"}");
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"_nobody.example/missing\"}");
			agent.send("{\"jsonrpc\":\"2.0\",\"method\":\"_nobody.example/ping\"}");
			agent.send(
					"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"session/new\",\"params\":{\"cwd\":{\"not\":\"a path\"}}}");
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
			agent.send(
					"{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"session/new\",\"params\":{\"cwd\":\"/work\",\"mcpServers\":[]}}");
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":\"last\",\"method\":\"_demo.acp/echo\",\"params\":{}}");
			Map<String, JsonNode> byId = new HashMap<>();
			List<Integer> nullIdCodes = new ArrayList<>();
			for (int i = 0; i < 9; i++) {
				JsonNode message = agent.next(TIMEOUT);
				if (message.get("id").isNull()) {
					nullIdCodes.add(message.path("error").path("code").asInt());
				}
				else {
					byId.put(message.get("id").toString(), message);
				}
			}
			agent.closeInput();
			assertThat(agent.awaitExit(TIMEOUT)).isZero();

			assertThat(agent.stdoutLines()).hasSize(9).allSatisfy((line) -> {
				JsonNode message = DemoAgentProcess.mapper.readTree(line);
				assertThat(message.isObject()).as(line).isTrue();
				assertThat(message.path("jsonrpc").asString()).as(line).isEqualTo("2.0");
			});
			assertThat(byId.get("0").path("result").path("agentInfo").path("name").asString()).isEqualTo("acp-demo");
			assertThat(byId.get("1").path("result").path("params").path("x").asInt()).isEqualTo(1);
			assertThat(nullIdCodes).containsExactlyInAnyOrder(-32700, -32600);
			assertThat(byId.get("3").path("error").path("code").asInt()).isEqualTo(-32600);
			assertThat(byId.get("4").path("error").path("code").asInt()).isEqualTo(-32601);
			assertThat(byId.get("5").path("error").path("code").asInt()).isEqualTo(-32602);
			assertThat(byId.get("5").path("error").path("data").toString()).contains("cwd");
			assertThat(byId.get("\"last\"").path("result").path("params").isObject()).isTrue();
			String stderr = agent.stderr();
			assertThat(stderr).contains("DEBUG").containsPattern("new session sess_\\w+ in /work");
			assertThat(byId.get("6").path("result").path("sessionId").asString()).startsWith("sess_");
		}
	}

	@Test
	void terminationWhileDrainingStillAnswersEveryRequest() throws Exception {
		// as acpx stops an agent: close standard input, wait 100 ms, send SIGTERM; the
		// drain is long enough for 20 short turns on a loaded machine, and ends the
		// waiting one
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.stdio.drain-timeout=5s")) {
			String waiting = initializeAndStartSession(agent);
			agent.send(
					"{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}");
			String sessionId = agent.next(TIMEOUT).path("result").path("sessionId").asString();
			agent.send(prompt(10, waiting, "wait"));
			for (int i = 0; i < 20; i++) {
				agent.send(prompt(100 + i, sessionId, "p" + i));
			}
			agent.closeInput();
			Thread.sleep(100);
			agent.terminate();
			assertThat(agent.awaitExit(TIMEOUT)).isIn(0, 143);
			Map<Integer, JsonNode> answers = new HashMap<>();
			agent.stdoutLines()
				.stream()
				.map(DemoAgentProcess.mapper::readTree)
				.filter((message) -> message.path("id").asInt() >= 10)
				.forEach((message) -> assertThat(answers.put(message.path("id").asInt(), message)).isNull());
			assertThat(answers.keySet()).as(() -> "stderr: " + agent.stderrQuietly()).hasSize(21);
			assertThat(answers.get(10).path("error").path("code").asInt()).isEqualTo(-32800);
			for (int i = 0; i < 20; i++) {
				assertThat(answers.get(100 + i).path("result").path("stopReason").asString()).isEqualTo("end_turn");
			}
		}
	}

	@Test
	void aStartUpFailureAnswersInitializeWithBootsFailureAnalysisAndExitsOne() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.handlers.max-threads=many")) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			JsonNode answer = agent.next(TIMEOUT);
			assertThat(answer.path("id").asInt()).isZero();
			assertThat(answer.path("error").path("code").asInt()).isEqualTo(-32603);
			assertThat(answer.path("error").path("message").asString())
				.contains("Failed to bind properties under 'acp.handlers.max-threads'")
				.doesNotContain("\tat ");
			assertThat(agent.awaitExit(EXIT_AFTER_ANSWER)).isOne();
			assertStandardOutputIsJsonRpcOnly(agent, 1);
		}
	}

	@Test
	void aRunnerThatFailsAnswersInitializeWithTheFailureAndExitsOneWhileInputStaysOpen() throws Exception {
		assertStartUpFailureAnswersInitializeAndExitsOne(FailingStartupRunner.class, FailingStartupRunner.MESSAGE);
	}

	@Test
	void aReadyListenerThatFailsAnswersInitializeWithTheFailureAndExitsOneWhileInputStaysOpen() throws Exception {
		assertStartUpFailureAnswersInitializeAndExitsOne(FailingReadyListener.class, FailingReadyListener.MESSAGE);
	}

	private static void assertStartUpFailureAnswersInitializeAndExitsOne(Class<?> failing, String message)
			throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.startWithSource(failing)) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			JsonNode answer = agent.next(TIMEOUT);
			assertThat(answer.path("id").asInt()).as(answer::toString).isZero();
			assertThat(answer.path("error").path("code").asInt()).as(answer::toString).isEqualTo(-32603);
			assertThat(answer.path("error").path("message").asString()).contains(message).doesNotContain("\tat ");
			// standard input stays open: the process ends by itself
			assertThat(agent.awaitExit(EXIT_AFTER_ANSWER)).as(agent::stderrQuietly).isOne();
			assertStandardOutputIsJsonRpcOnly(agent, 1);
			assertThat(agent.stderr()).contains(message);
		}
	}

	@Test
	void aConfigurationFailureBeforeTheTransportStartsAnswersInitializeAndReportsOnStandardError() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--spring.config.import=file:/nonexistent/acp.yml")) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			JsonNode answer = agent.next(TIMEOUT);
			assertThat(answer.path("id").asInt()).as(answer::toString).isZero();
			assertThat(answer.path("error").path("code").asInt()).as(answer::toString).isEqualTo(-32603);
			assertThat(answer.path("error").path("message").asString())
				.contains("Config data resource 'file [/nonexistent/acp.yml]'")
				.contains("does not exist")
				.doesNotContain("\tat ");
			assertThat(agent.awaitExit(EXIT_AFTER_ANSWER)).as(agent::stderrQuietly).isOne();
			assertStandardOutputIsJsonRpcOnly(agent, 1);
			assertThat(agent.stderr()).contains("APPLICATION FAILED TO START")
				.contains("Config data resource 'file [/nonexistent/acp.yml]'");
		}
	}

	@Test
	void aTransportChosenInAConfigurationFileGetsStandardOutputBack(@TempDir Path config) throws Exception {
		// standard output is reserved before configuration files are read, and given
		// back once they choose another transport: console logging stays on it
		Path file = Files.writeString(config.resolve("websocket.yml"), "acp.transport: websocket\nserver.port: 0\n");
		try (DemoAgentProcess agent = DemoAgentProcess.start("--spring.config.import=file:" + file)) {
			String line;
			do {
				line = agent.nextLine(TIMEOUT);
			}
			while (!line.contains("Started DemoApplication"));
			assertThat(agent.stderr()).doesNotContain("Started DemoApplication");
		}
	}

	/** Every line of standard output is one JSON-RPC message, and there are so many. */
	private static void assertStandardOutputIsJsonRpcOnly(DemoAgentProcess agent, int messages) {
		assertThat(agent.stdoutLines()).as(agent::stderrQuietly).hasSize(messages).allSatisfy((line) -> {
			JsonNode message = DemoAgentProcess.mapper.readTree(line);
			assertThat(message.isObject()).as(line).isTrue();
			assertThat(message.path("jsonrpc").asString()).as(line).isEqualTo("2.0");
		});
	}

	@Test
	void theHealthExtensionAnswersOverStdio() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start()) {
			initializeAndStartSession(agent);
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_acp-spring-boot/health\",\"params\":{}}");
			JsonNode health = agent.next(TIMEOUT);
			assertThat(health.path("result").path("status").asString()).isEqualTo("UP");
			assertThat(
					health.path("result").path("components").path("acp").path("details").path("transport").asString())
				.isEqualTo("stdio");
		}
	}

	@Test
	void aPromptsTraceParentReachesTheAgentsCallToTheClient() throws Exception {
		String traceId = "0af7651916cd43dd8448eb211c80319c";
		try (DemoAgentProcess agent = DemoAgentProcess.start()) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1,"
					+ "\"clientCapabilities\":{\"_meta\":{\"zed.dev\":{\"workspace\":true}}}}}");
			assertThat(agent.next(TIMEOUT).path("id").asInt()).isZero();
			agent.send(
					"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}");
			String sessionId = agent.next(TIMEOUT).path("result").path("sessionId").asString();
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"buffers\"}],"
					+ "\"_meta\":{\"traceparent\":\"00-" + traceId + "-b7ad6b7169203331-01\"}}}");
			JsonNode call = agent.next(TIMEOUT);
			assertThat(call.path("method").asString()).isEqualTo("_zed.dev/workspace/buffers");
			assertThat(call.path("params").path("_meta").path("traceparent").asString())
				.startsWith("00-" + traceId + "-");
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + call.path("id") + ",\"result\":{\"buffers\":[]}}");
			JsonNode update = agent.next(TIMEOUT);
			assertThat(update.path("method").asString()).isEqualTo("session/update");
			assertThat(agent.next(TIMEOUT).path("result").path("stopReason").asString()).isEqualTo("end_turn");
		}
	}

	@Test
	void aBadPromptLeavesTheSessionUsable() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start()) {
			String sessionId = initializeAndStartSession(agent);
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":42}]}}");
			JsonNode bad = agent.next(TIMEOUT);
			assertThat(bad.path("id").asInt()).isEqualTo(2);
			assertThat(bad.path("error").path("code").asInt()).isEqualTo(-32602);
			assertThat(bad.path("error").path("data").toString()).contains("prompt[0].text");
			agent.send(prompt(3, sessionId, "still here"));
			JsonNode update = agent.next(TIMEOUT);
			assertThat(update.path("method").asString()).isEqualTo("session/update");
			assertThat(update.path("params").path("update").path("content").path("text").asString())
				.isEqualTo("still here");
			JsonNode answer = agent.next(TIMEOUT);
			assertThat(answer.path("id").asInt()).isEqualTo(3);
			assertThat(answer.path("result").path("stopReason").asString()).isEqualTo("end_turn");
		}
	}

	private static String initializeAndStartSession(DemoAgentProcess agent) throws Exception {
		agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(agent.next(TIMEOUT).path("id").asInt()).isZero();
		agent.send(
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}");
		return agent.next(TIMEOUT).path("result").path("sessionId").asString();
	}

	private static String prompt(int id, String sessionId, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	@Test
	void requestsInFlightAtEndOfInputAreAnsweredBeforeTheProcessExits() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start()) {
			String sessionId = initializeAndStartSession(agent);
			for (int i = 0; i < 50; i++) {
				agent.send(prompt(100 + i, sessionId, "p" + i));
			}
			agent.closeInput();
			assertThat(agent.awaitExit(TIMEOUT)).isZero();
			long answers = agent.stdoutLines()
				.stream()
				.map(DemoAgentProcess.mapper::readTree)
				.filter((message) -> message.path("id").asInt() >= 100)
				.filter((message) -> "end_turn".equals(message.path("result").path("stopReason").asString()))
				.count();
			assertThat(answers).isEqualTo(50);
		}
	}

}

package dev.acp.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Turns that wait on the client do not starve anything: a hundred turns waiting for the
 * user's permission all reach the client, requests sent meanwhile are served, and SIGTERM
 * answers every one of them.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoAgentWaitingTurnsIT {

	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	private static final int TURNS = 100;

	@Test
	void aHundredTurnsWaitingOnTheClientAllReachItAndSigtermAnswersEveryRequest() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.stdio.drain-timeout=2s")) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			assertThat(agent.next(TIMEOUT).has("result")).isTrue();
			List<String> sessions = new ArrayList<>();
			for (int i = 1; i <= TURNS; i++) {
				agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + i
						+ ",\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}");
				sessions.add(agent.next(TIMEOUT).at("/result/sessionId").asString());
			}
			for (int i = 0; i < TURNS; i++) {
				agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + (1000 + i) + ",\"method\":\"session/prompt\",\"params\":"
						+ "{\"sessionId\":\"" + sessions.get(i)
						+ "\",\"prompt\":[{\"type\":\"text\",\"text\":\"tool\"}]}}");
			}
			int permissionRequests = 0;
			while (permissionRequests < TURNS) {
				JsonNode message = agent.next(TIMEOUT);
				if ("session/request_permission".equals(message.path("method").asString())) {
					permissionRequests++;
				}
			}
			StringBuilder echoes = new StringBuilder();
			for (int i = 0; i < TURNS; i++) {
				echoes.append("{\"jsonrpc\":\"2.0\",\"id\":" + (2000 + i)
						+ ",\"method\":\"_demo.acp/echo\",\"params\":{\"n\":" + i + "}}\n");
			}
			agent.sendRaw(echoes.toString());
			agent.terminate();
			assertThat(agent.awaitExit(TIMEOUT)).as(agent::stderrQuietly).isIn(0, 143);
			Map<Integer, List<JsonNode>> answers = new HashMap<>();
			for (String line : agent.stdoutLines()) {
				JsonNode message = DemoAgentProcess.mapper.readTree(line);
				if (!message.has("method") && message.path("id").asInt() >= 1000) {
					answers.computeIfAbsent(message.get("id").asInt(), (id) -> new ArrayList<>()).add(message);
				}
			}
			assertThat(answers).hasSize(2 * TURNS);
			answers.forEach((id, received) -> assertThat(received).as("answers to %d", id).hasSize(1));
			for (int i = 0; i < TURNS; i++) {
				JsonNode turn = answers.get(1000 + i).get(0);
				assertThat(turn.has("result") || turn.at("/error/code").asInt() == -32800).as("turn %s", turn).isTrue();
				JsonNode echo = answers.get(2000 + i).get(0);
				assertThat(echo.at("/result/params/n").asInt()).isEqualTo(i);
			}
		}
	}

}

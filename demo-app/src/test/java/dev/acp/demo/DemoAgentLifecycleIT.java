package dev.acp.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the demo agent ends over stdio under load: at end of input, on SIGTERM, and when
 * the client dies. Every request read is answered exactly once (a result, or -32800 for
 * what the bounded drain did not finish), and the process exits by itself.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoAgentLifecycleIT {

	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	private static final Duration DRAIN = Duration.ofSeconds(2);

	/**
	 * Closing the context after the drain: under a second on a quiet machine, with room
	 * for a loaded one.
	 */
	private static final Duration CLOSE_GRACE = Duration.ofSeconds(10);

	private static final int SESSIONS = 4;

	@Test
	void endOfInputWithAThousandRequestsInFlightAnswersEachOnceAndExitsZero() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.stdio.drain-timeout=" + DRAIN.toSeconds() + "s")) {
			List<String> sessions = initializeAndStartSessions(agent);
			StringBuilder batch = new StringBuilder();
			for (int i = 0; i < 1000; i++) {
				batch.append(request(1000 + i, sessions)).append('\n');
			}
			agent.sendRaw(batch.toString());
			agent.closeInput();
			long closed = System.nanoTime();
			assertThat(agent.awaitExit(TIMEOUT)).as(agent::stderrQuietly).isZero();
			assertThat(Duration.ofNanos(System.nanoTime() - closed)).isLessThan(DRAIN.plus(CLOSE_GRACE));
			Map<Integer, JsonNode> answers = answersFrom(agent, 1000);
			assertThat(answers).hasSize(1000);
			answers.forEach((id, answer) -> assertAnsweredOrCancelled(id, answer));
			// the session with the waiting turn: its later prompts never start before
			// the drain ends
			assertThat(answers.values()).anySatisfy((answer) -> assertThat(answer.has("error")).isTrue());
		}
	}

	@Test
	void sigtermDuringALoadRunDrainsAndExitsByItself() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.stdio.drain-timeout=" + DRAIN.toSeconds() + "s")) {
			List<String> sessions = initializeAndStartSessions(agent);
			AtomicInteger sent = new AtomicInteger();
			Thread sender = new Thread(() -> {
				try {
					// about 20,000 requests/s, up to 10 s
					for (int id = 1000; id < 200_000; id += 100) {
						StringBuilder batch = new StringBuilder();
						for (int i = id; i < id + 100; i++) {
							batch.append(request(i, sessions)).append('\n');
						}
						agent.sendRaw(batch.toString());
						sent.set(id + 100 - 1000);
						Thread.sleep(5);
					}
				}
				catch (IOException | InterruptedException ex) {
					// the agent stopped reading and exited
				}
			}, "load-sender");
			sender.setDaemon(true);
			sender.start();
			Thread.sleep(500);
			agent.terminate();
			long terminated = System.nanoTime();
			assertThat(agent.awaitExit(DRAIN.plus(CLOSE_GRACE).multipliedBy(2))).as(agent::stderrQuietly).isIn(0, 143);
			assertThat(Duration.ofNanos(System.nanoTime() - terminated)).isLessThan(DRAIN.plus(CLOSE_GRACE));
			sender.join(TIMEOUT.toMillis());
			Map<Integer, JsonNode> answers = answersFrom(agent, 1000);
			assertThat(answers).isNotEmpty();
			answers.forEach((id, answer) -> assertAnsweredOrCancelled(id, answer));
			// the agent reads in order: every request up to the last one answered was
			// read, so each of them has its one answer
			int last = answers.keySet().stream().mapToInt(Integer::intValue).max().orElseThrow();
			assertThat(last).isLessThan(1000 + sent.get() + 100);
			List<Integer> unanswered = new ArrayList<>();
			for (int id = 1000; id <= last; id++) {
				if (!answers.containsKey(id)) {
					unanswered.add(id);
				}
			}
			assertThat(unanswered).as("read but not answered").isEmpty();
		}
	}

	@Test
	void aClientThatDiesMidStreamLeavesAnAgentThatExitsZero() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess
			.startUnread("--acp.stdio.drain-timeout=" + DRAIN.toSeconds() + "s")) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			// about 100 KiB of answers nobody reads: more than the agent's stdout pipe
			// holds (64 KiB), while what it does not read fits in its stdin pipe, so our
			// writes do not block
			String padding = "x".repeat(1000);
			StringBuilder batch = new StringBuilder();
			for (int i = 1; i <= 100; i++) {
				batch.append("{\"jsonrpc\":\"2.0\",\"id\":")
					.append(i)
					.append(",\"method\":\"_demo.acp/echo\",\"params\":{\"text\":\"")
					.append(padding)
					.append("\"}}\n");
			}
			agent.sendRaw(batch.toString());
			Thread.sleep(500);
			agent.closeOutput();
			agent.closeInput();
			long died = System.nanoTime();
			assertThat(agent.awaitExit(TIMEOUT)).as(agent::stderrQuietly).isZero();
			assertThat(Duration.ofNanos(System.nanoTime() - died)).isLessThan(DRAIN.plus(CLOSE_GRACE));
		}
	}

	/**
	 * Request {@code id}: an echo, or a prompt of one of the sessions; the first prompt
	 * of the last session waits until cancelled, holding that session's later turns.
	 */
	private static String request(int id, List<String> sessions) {
		if (id % 2 == 0) {
			return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"_demo.acp/echo\",\"params\":{\"n\":" + id
					+ "}}";
		}
		int session = (id / 2) % sessions.size();
		String text = (id == 1001 + 2 * (sessions.size() - 1)) ? "wait" : "p" + id;
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessions.get(session) + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	private static void assertAnsweredOrCancelled(int id, JsonNode answer) {
		if (answer.has("error")) {
			assertThat(answer.path("error").path("code").asInt()).as(answer::toString).isEqualTo(-32800);
		}
		else if (id % 2 == 0) {
			assertThat(answer.path("result").path("params").path("n").asInt()).as(answer::toString).isEqualTo(id);
		}
		else {
			assertThat(answer.path("result").path("stopReason").asString()).as(answer::toString)
				.isIn("end_turn", "cancelled");
		}
	}

	/** The answers to requests from {@code firstId} on, failing on a second answer. */
	private static Map<Integer, JsonNode> answersFrom(DemoAgentProcess agent, int firstId) {
		Map<Integer, JsonNode> answers = new HashMap<>();
		for (String line : agent.stdoutLines()) {
			JsonNode message = DemoAgentProcess.mapper.readTree(line);
			if (message.has("method") || message.path("id").asInt() < firstId) {
				continue;
			}
			int id = message.path("id").asInt();
			assertThat(answers.put(id, message)).as("answered twice: %s", line).isNull();
		}
		return answers;
	}

	private static List<String> initializeAndStartSessions(DemoAgentProcess agent) throws Exception {
		agent.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(agent.next(TIMEOUT).path("id").asInt()).isZero();
		List<String> sessions = new ArrayList<>();
		for (int i = 0; i < SESSIONS; i++) {
			agent.send("{\"jsonrpc\":\"2.0\",\"id\":" + (1 + i)
					+ ",\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}");
			sessions.add(agent.next(TIMEOUT).path("result").path("sessionId").asString());
		}
		return sessions;
	}

}

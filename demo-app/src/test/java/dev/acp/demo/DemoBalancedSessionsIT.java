package dev.acp.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two demo instances on one PostgreSQL (the JDBC session store) behind a real HAProxy
 * configured as docs/operations.md shows, over Streamable HTTP and WebSocket: clients run
 * sessions through the balancer, one instance is killed (SIGKILL) while a turn runs on
 * each of its sessions, and the clients reconnect through the balancer and resume their
 * sessions on the other instance once the dead instance's claims lapsed.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoBalancedSessionsIT {

	private static final Duration STARTUP = Duration.ofSeconds(120);

	private static final Duration ANSWER = Duration.ofSeconds(30);

	/**
	 * The turns' claim: short, so that a killed instance's claims lapse soon (renewed
	 * every second while a turn runs).
	 */
	private static final Duration CLAIM = Duration.ofSeconds(3);

	/** Clients at once: round robin puts half of them on each instance. */
	private static final int CLIENTS = 4;

	private static final String ALLOW = "{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow\"}}";

	private static final DemoAgentProcess[] instances = new DemoAgentProcess[2];

	private static final int[] ports = new int[2];

	private static EmbeddedPostgres postgres;

	private DemoHaProxy balancer;

	@BeforeAll
	static void startPostgreSql() throws IOException {
		DemoHaProxy.executable();
		postgres = EmbeddedPostgres.builder().start();
	}

	@AfterAll
	static void stopInstancesAndPostgreSql() throws IOException {
		for (DemoAgentProcess instance : instances) {
			if (instance != null) {
				instance.close();
			}
		}
		postgres.close();
	}

	/**
	 * Both instances running (the one a test killed started again), then a balancer in
	 * front of them that has seen both healthy.
	 */
	@BeforeEach
	void startInstancesAndBalancer() throws Exception {
		for (int i = 0; i < instances.length; i++) {
			if (instances[i] == null) {
				instances[i] = DemoAgentProcess.start(DemoJdbcStore.arguments(postgres, "--acp.transport=http",
						"--server.port=0", "--acp.sessions.claim-duration=" + CLAIM.toSeconds() + "s"));
			}
		}
		for (int i = 0; i < instances.length; i++) {
			if (ports[i] == 0) {
				ports[i] = instances[i].port(STARTUP);
			}
		}
		this.balancer = DemoHaProxy.start(STARTUP, ports);
	}

	@AfterEach
	void stopBalancer() throws Exception {
		this.balancer.close();
	}

	@ParameterizedTest
	@EnumSource(Transport.class)
	void sessionsOfAnInstanceKilledMidTurnResumeThroughTheBalancerOnTheOtherWithEveryCompletedTurnOnceInOrder(
			Transport transport) throws Exception {
		String name = transport.name().toLowerCase();
		String cwd = "/work/balanced/" + name;
		List<DemoClient> clients = new ArrayList<>();
		List<String> sessionIds = new ArrayList<>();
		try {
			for (int c = 0; c < CLIENTS; c++) {
				DemoClient client = transport.connect(this.balancer, name + "-client-" + c);
				clients.add(client);
				client.send(request(1, "session/new", "{\"cwd\":\"" + cwd + "\",\"mcpServers\":[]}"));
				String sessionId = client.answer(1, ANSWER).at("/result/sessionId").asString();
				sessionIds.add(sessionId);
				for (int turn = 1; turn <= 2; turn++) {
					assertEndTurn(prompt(client, 1 + turn, sessionId, text(c, turn)));
				}
			}
			Map<String, Integer> served = servedBy();
			List<Integer> servedBy = new ArrayList<>();
			for (int c = 0; c < CLIENTS; c++) {
				servedBy.add(served.get(name + "-client-" + c));
			}
			assertThat(servedBy).as("round robin puts clients on both instances").containsOnly(0, 1).contains(0, 1);
			int victim = servedBy.get(0);
			int survivor = 1 - victim;
			// a turn runs on every session: the tool turn waits for the user's permission
			List<JsonNode> permissions = new ArrayList<>();
			for (int c = 0; c < CLIENTS; c++) {
				clients.get(c).send(promptRequest(10, sessionIds.get(c), "tool"));
				permissions.add(awaitPermissionRequest(clients.get(c)));
			}
			Instant killedAt = Instant.now();
			instances[victim].kill();
			instances[victim].close();
			instances[victim] = null;
			ports[victim] = 0;
			this.balancer.awaitDown(victim, ANSWER);
			for (int c = 0; c < CLIENTS; c++) {
				if (servedBy.get(c) == survivor) {
					// the other instance's turns go on
					clients.get(c).send(answer(permissions.get(c).get("id"), ALLOW));
					assertEndTurn(clients.get(c).answer(10, ANSWER));
				}
			}
			List<Integer> failedOver = new ArrayList<>();
			for (int c = 0; c < CLIENTS; c++) {
				if (servedBy.get(c) == victim) {
					failedOver.add(c);
					clients.get(c).close();
					clients.set(c, transport.connect(this.balancer, name + "-client-" + c + "-again"));
				}
			}
			assertThat(servedBy()).as("the clients reconnected on the survivor (the victim is gone)")
				.containsKeys(failedOver.stream().map((c) -> name + "-client-" + c + "-again").toArray(String[]::new));
			awaitClaimsLapsed(failedOver.stream().map(sessionIds::get).toList(), killedAt);
			for (int c : failedOver) {
				String sessionId = sessionIds.get(c);
				DemoClient client = clients.get(c);
				client.send(request(20, "session/resume", sessionParams(sessionId, cwd)));
				JsonNode resumed = client.answer(20, ANSWER);
				assertThat(resumed.has("result")).as(resumed.toString()).isTrue();
				assertEndTurn(prompt(client, 21, sessionId, text(c, 3)));
			}
			try (DemoClient reader = transport.connect(this.balancer, name + "-reader")) {
				reader.send(request(1, "session/list", "{\"cwd\":\"" + cwd + "\"}"));
				List<String> listed = new ArrayList<>();
				reader.answer(1, ANSWER)
					.at("/result/sessions")
					.forEach((s) -> listed.add(s.get("sessionId").asString()));
				assertThat(listed).as("no session lost").containsExactlyInAnyOrderElementsOf(sessionIds);
				for (int c : failedOver) {
					List<String> completed = List.of("user_message_chunk:" + text(c, 1),
							"agent_message_chunk:" + text(c, 1), "user_message_chunk:" + text(c, 2),
							"agent_message_chunk:" + text(c, 2));
					List<String> after = List.of("user_message_chunk:" + text(c, 3),
							"agent_message_chunk:" + text(c, 3));
					List<String> withoutKilledTurn = concat(completed, List.of(), after);
					List<String> withKilledPrompt = concat(completed, List.of("user_message_chunk:tool"), after);
					assertThat(load(reader, 2 + c, sessionIds.get(c), cwd))
						.as("every completed turn once, in order; the killed turn at most as its prompt")
						.isIn(withoutKilledTurn, withKilledPrompt);
				}
			}
		}
		finally {
			clients.forEach(DemoClient::close);
		}
	}

	/**
	 * Wait until the claims the killed instance held lapsed: exactly until the latest
	 * {@code claim_until} it wrote, which no instance renews any more. That is within one
	 * claim duration of the kill, as docs/sessions.md says.
	 */
	private static void awaitClaimsLapsed(List<String> sessionIds, Instant killedAt) throws InterruptedException {
		Instant latest = Instant.MIN;
		for (String sessionId : sessionIds) {
			Timestamp until = jdbc().sql("SELECT claim_until FROM acp_session WHERE session_id = ?")
				.param(sessionId)
				.query(Timestamp.class)
				.single();
			assertThat(until).as("the killed turn's claim of " + sessionId).isNotNull();
			assertThat(until.toInstant()).isBeforeOrEqualTo(killedAt.plus(CLAIM));
			latest = until.toInstant().isAfter(latest) ? until.toInstant() : latest;
		}
		Duration left = Duration.between(Instant.now(), latest);
		if (!left.isNegative()) {
			Thread.sleep(left.toMillis() + 1);
		}
	}

	private static JsonNode awaitPermissionRequest(DemoClient client) throws InterruptedException {
		JsonNode message;
		while (!"session/request_permission".equals((message = client.next(ANSWER)).path("method").asString())) {
			assertThat(message.has("error")).as(message.toString()).isFalse();
		}
		return message;
	}

	/** Load the session on {@code client}: its replayed history, as kind:text. */
	private static List<String> load(DemoClient client, int id, String sessionId, String cwd) throws Exception {
		client.send(request(id, "session/load", sessionParams(sessionId, cwd)));
		List<String> replayed = new ArrayList<>();
		JsonNode message;
		while (!(message = client.next(ANSWER)).has("id")) {
			JsonNode update = message.at("/params/update");
			replayed.add(update.get("sessionUpdate").asString() + ":" + update.at("/content/text").asString());
		}
		assertThat(message.has("result")).as(message.toString()).isTrue();
		return replayed;
	}

	/** Which instance (0 or 1) serves each open connection, by client name. */
	private static Map<String, Integer> servedBy() throws Exception {
		Map<String, Integer> servedBy = new HashMap<>();
		HttpClient http = HttpClient.newHttpClient();
		for (int i = 0; i < instances.length; i++) {
			if (instances[i] == null) {
				continue;
			}
			String body = http
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports[i] + "/actuator/acp")).build(),
						BodyHandlers.ofString())
				.body();
			for (JsonNode connection : DemoAgentProcess.mapper.readTree(body).get("connections")) {
				servedBy.put(connection.get("clientName").asString(), i);
			}
		}
		return servedBy;
	}

	private static JsonNode prompt(DemoClient client, int id, String sessionId, String text) throws Exception {
		client.send(promptRequest(id, sessionId, text));
		return client.answer(id, ANSWER);
	}

	private static void assertEndTurn(JsonNode answer) {
		assertThat(answer.at("/result/stopReason").asString()).as(answer.toString()).isEqualTo("end_turn");
	}

	private static String text(int client, int turn) {
		return "c" + client + " t" + turn;
	}

	private static String sessionParams(String sessionId, String cwd) {
		return "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"" + cwd + "\",\"mcpServers\":[]}";
	}

	private static String promptRequest(int id, String sessionId, String text) {
		return request(id, "session/prompt",
				"{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}");
	}

	private static String request(int id, String method, String params) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
	}

	private static String answer(JsonNode id, String result) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}";
	}

	@SafeVarargs
	private static List<String> concat(List<String>... parts) {
		List<String> all = new ArrayList<>();
		for (List<String> part : parts) {
			all.addAll(part);
		}
		return all;
	}

	private static JdbcClient jdbc() {
		return JdbcClient.create(postgres.getPostgresDatabase());
	}

	/** The transport the clients use through the balancer. */
	enum Transport {

		STREAMABLE_HTTP {
			@Override
			DemoClient connect(DemoHaProxy balancer, String name) throws Exception {
				DemoHttpClient client = DemoHttpClient.connect(balancer.endpoint("http"), initializeParams(name));
				assertThat(client.initialized().has("result")).as(client.initialized().toString()).isTrue();
				return client;
			}
		},

		WEBSOCKET {
			@Override
			DemoClient connect(DemoHaProxy balancer, String name) throws Exception {
				DemoWebSocketClient client = DemoWebSocketClient.connect(balancer.endpoint("ws"));
				client.send(request(0, "initialize", initializeParams(name)));
				JsonNode initialized = client.answer(0, ANSWER);
				assertThat(initialized.has("result")).as(initialized.toString()).isTrue();
				return client;
			}
		};

		/** A new connection through the balancer, initialized as client {@code name}. */
		abstract DemoClient connect(DemoHaProxy balancer, String name) throws Exception;

		private static String initializeParams(String name) {
			return "{\"protocolVersion\":1,\"clientCapabilities\":{},\"clientInfo\":{\"name\":\"" + name
					+ "\",\"version\":\"1.0\"}}";
		}

	}

}

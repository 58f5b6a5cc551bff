package dev.acp.spring.client;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.SessionUpdate.AgentMessageChunk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link HttpAgentLink} against a stub of a Streamable HTTP server (the JDK's
 * {@link HttpServer}), for what a real agent does not do: unexpected statuses, streams
 * that end, split events. The protocol itself is tested against real agents in the demo
 * module's {@code AgentClientIT}.
 */
class HttpAgentLinkTests {

	private static final String INITIALIZE_RESULT = "{\"protocolVersion\":1,\"agentCapabilities\":{},"
			+ "\"agentInfo\":{\"name\":\"stub\",\"version\":\"1\"}}";

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final List<AcpAgentClient> clients = new ArrayList<>();

	/** Every request the stub got: method, headers of note, JSON-RPC method. */
	private final List<String> requests = new CopyOnWriteArrayList<>();

	/** The open event streams, by session id ("" for the connection's). */
	private final Map<String, HttpExchange> streams = new ConcurrentHashMap<>();

	private final BlockingQueue<String> streamsOpened = new LinkedBlockingQueue<>();

	/** How the stub answers a POST of a method (status), 202 when absent. */
	private final Map<String, Integer> postStatus = new ConcurrentHashMap<>();

	/** What the stub does after answering a POST of a method. */
	private final Map<String, StubAction> afterPost = new ConcurrentHashMap<>();

	private final CompletableFuture<String> deleted = new CompletableFuture<>();

	private volatile String initializeResult = INITIALIZE_RESULT;

	private volatile int initializeStatus = 200;

	private volatile boolean initializeGivesConnectionId = true;

	private HttpServer server;

	@TempDir
	Path directory;

	@BeforeEach
	void startStub() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.setExecutor(this.executor);
		this.server.createContext("/acp", this::handle);
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.clients.forEach(AcpAgentClient::close);
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	private AcpAgentClient client() {
		AcpAgentClient client = AcpAgentClient.builder()
			.name("stub")
			.url(URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/acp"))
			.headers(Map.of("Authorization", "Bearer secret"))
			.requestTimeout(Duration.ofSeconds(10))
			.build();
		this.clients.add(client);
		return client;
	}

	private void handle(HttpExchange exchange) throws IOException {
		String cookie = exchange.getRequestHeaders().getFirst("Cookie");
		String line = exchange.getRequestMethod() + " auth=" + exchange.getRequestHeaders().getFirst("Authorization")
				+ " cookie=" + cookie + " connection=" + exchange.getRequestHeaders().getFirst("Acp-Connection-Id")
				+ " session=" + exchange.getRequestHeaders().getFirst("Acp-Session-Id");
		switch (exchange.getRequestMethod()) {
			case "POST" -> post(exchange, line);
			case "GET" -> {
				this.requests.add(line);
				exchange.getResponseHeaders().set("Content-Type", "text/event-stream");
				exchange.sendResponseHeaders(200, 0);
				exchange.getResponseBody().flush();
				String session = exchange.getRequestHeaders().getFirst("Acp-Session-Id");
				this.streams.put((session != null) ? session : "", exchange);
				this.streamsOpened.add((session != null) ? session : "");
			}
			case "DELETE" -> {
				this.requests.add(line);
				exchange.sendResponseHeaders(202, -1);
				exchange.close();
				this.deleted.complete(exchange.getRequestHeaders().getFirst("Acp-Connection-Id"));
			}
			default -> {
				exchange.sendResponseHeaders(405, -1);
				exchange.close();
			}
		}
	}

	private void post(HttpExchange exchange, String line) throws IOException {
		JsonNode message = this.mapper.readTree(exchange.getRequestBody().readAllBytes());
		String method = message.path("method").asString("response");
		this.requests.add(line + " " + method);
		if ("initialize".equals(method)) {
			if (this.initializeStatus != 200) {
				answer(exchange, this.initializeStatus, "no entry");
				return;
			}
			exchange.getResponseHeaders().set("Set-Cookie", "affinity=node-7; Path=/");
			if (this.initializeGivesConnectionId) {
				exchange.getResponseHeaders().set("Acp-Connection-Id", "conn-1");
			}
			answer(exchange, 200,
					"{\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":" + this.initializeResult + "}");
			return;
		}
		int status = this.postStatus.getOrDefault(method, 202);
		answer(exchange, status, (status == 202) ? "" : "{\"error\":\"stub says no\"}");
		StubAction action = this.afterPost.get(method);
		if (action != null) {
			action.run(message);
		}
	}

	private static void answer(HttpExchange exchange, int status, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(status, (bytes.length > 0) ? bytes.length : -1);
		try (OutputStream output = exchange.getResponseBody()) {
			output.write(bytes);
		}
	}

	private void event(String stream, String text) throws IOException {
		OutputStream output = this.streams.get(stream).getResponseBody();
		output.write(text.getBytes(StandardCharsets.UTF_8));
		output.flush();
	}

	private String awaitStream() throws InterruptedException {
		String stream = this.streamsOpened.poll(10, TimeUnit.SECONDS);
		assertThat(stream).as("an event stream opened").isNotNull();
		return stream;
	}

	@Test
	void anInitializeAnsweredWithAnUnexpectedStatusFailsNamingIt() {
		this.initializeStatus = 401;
		AcpAgentClient client = client();
		assertThatExceptionOfType(AcpAgentClientException.class).isThrownBy(client::connect)
			.withMessageContaining("Agent 'stub' at http://127.0.0.1:")
			.withMessageContaining("answered initialize with HTTP status 401: no entry");
		assertThat(client.isConnected()).isFalse();
	}

	@Test
	void anInitializeAnswerWithoutConnectionIdFails() {
		this.initializeGivesConnectionId = false;
		assertThatExceptionOfType(AcpAgentClientException.class).isThrownBy(client()::connect)
			.withMessageContaining("answered initialize without an Acp-Connection-Id header");
	}

	@Test
	void anUnreachableAgentFailsNamingWhy() throws IOException {
		AcpAgentClient client = client();
		this.server.stop(0);
		assertThatExceptionOfType(AcpAgentClientException.class).isThrownBy(client::connect)
			.withMessageContaining("Could not send initialize to agent 'stub' at http://127.0.0.1:");
	}

	@Test
	void everyRequestCarriesTheConfiguredHeadersTheConnectionIdAndTheCookieTheServerSet() throws Exception {
		AcpAgentClient client = client();
		assertThat(client.connect().agentInfo().name()).isEqualTo("stub");
		assertThat(awaitStream()).isEmpty();
		client.close();
		assertThat(this.deleted.get(10, TimeUnit.SECONDS)).isEqualTo("conn-1");
		assertThat(this.requests).containsExactly(
				"POST auth=Bearer secret cookie=null connection=null session=null initialize",
				"GET auth=Bearer secret cookie=affinity=node-7 connection=conn-1 session=null",
				"DELETE auth=Bearer secret cookie=affinity=node-7 connection=conn-1 session=null");
	}

	@Test
	void anAnswerSplitOverDataLinesOpensItsSessionStreamAndSessionMessagesNameTheSession() throws Exception {
		this.afterPost.put("session/new",
				(message) -> event("", ": keep-alive\n\ndata: {\"jsonrpc\":\"2.0\",\ndata: \"id\":" + message.get("id")
						+ ",\"result\":{\"sessionId\":\"s1\"}}\n\n"));
		this.afterPost.put("session/prompt", (message) -> {
			event("s1",
					"data: {\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"s1\","
							+ "\"update\":{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\","
							+ "\"text\":\"hi\"}}}}\r\n\r\n");
			event("s1", "data: {\"jsonrpc\":\"2.0\",\"id\":" + message.get("id")
					+ ",\"result\":{\"stopReason\":\"end_turn\"}}\n\n");
		});
		AcpAgentClient client = client();
		AcpAgentSession session = client.newSession(this.directory);
		assertThat(session.id()).isEqualTo("s1");
		List<String> texts = new CopyOnWriteArrayList<>();
		session.prompt("hello",
				(update) -> texts.add(((ContentBlock.Text) ((AgentMessageChunk) update).content()).text()));
		assertThat(texts).containsExactly("hi");
		assertThat(this.requests).contains("GET auth=Bearer secret cookie=affinity=node-7 connection=conn-1 session=s1",
				"POST auth=Bearer secret cookie=affinity=node-7 connection=conn-1 session=null session/new",
				"POST auth=Bearer secret cookie=affinity=node-7 connection=conn-1 session=s1 session/prompt");
	}

	@Test
	void theReplayOfASessionLoadArrivesBeforeItsAnswerWhateverOrderTheStreamsAreReadIn() throws Exception {
		this.afterPost.put("session/load", (message) -> {
			String update = "data: {\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"s1\","
					+ "\"update\":{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\","
					+ "\"text\":\"earlier\"}}}}\n\n";
			String answer = "data: {\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":{}}\n\n";
			if (this.streams.containsKey("s1")) {
				// as the server routes them when the session has a reader, read in the
				// worst order: the answer on the connection's stream first
				event("", answer);
				event("s1", update);
			}
			else {
				event("", update + answer);
			}
		});
		this.afterPost.put("session/prompt", (message) -> event("s1", "data: {\"jsonrpc\":\"2.0\",\"id\":"
				+ message.get("id") + ",\"result\":{\"stopReason\":\"end_turn\"}}\n\n"));
		this.initializeResult = INITIALIZE_RESULT.replace("\"agentCapabilities\":{}",
				"\"agentCapabilities\":{\"loadSession\":true}");
		AcpAgentClient client = client();
		List<SessionUpdate> replay = new CopyOnWriteArrayList<>();
		AcpAgentSession session = client.loadSession("s1", this.directory, replay::add);
		assertThat(replay).hasSize(1);
		session.prompt("next", (update) -> {
		});
		assertThat(this.requests).contains(
				"POST auth=Bearer secret cookie=affinity=node-7 connection=conn-1 session=s1 session/load",
				"GET auth=Bearer secret cookie=affinity=node-7 connection=conn-1 session=s1",
				"POST auth=Bearer secret cookie=affinity=node-7 connection=conn-1 session=s1 session/prompt");
	}

	@Test
	void closingASessionLetsGoOfItsStream() throws Exception {
		this.initializeResult = INITIALIZE_RESULT.replace("\"agentCapabilities\":{}",
				"\"agentCapabilities\":{\"sessionCapabilities\":{\"close\":{}}}");
		this.afterPost.put("session/new", (message) -> event("",
				"data: {\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":{\"sessionId\":\"s1\"}}\n\n"));
		this.afterPost.put("session/close", (message) -> event("s1",
				"data: {\"jsonrpc\":\"2.0\",\"id\":" + message.get("id") + ",\"result\":{}}\n\n"));
		AcpAgentClient client = client();
		AcpAgentSession session = client.newSession(this.directory);
		assertThat(awaitStream()).isEmpty();
		assertThat(awaitStream()).isEqualTo("s1");
		session.close();
		client.newSession(this.directory);
		assertThat(awaitStream()).as("a new stream for the session id given again").isEqualTo("s1");
	}

	@Test
	void aRequestAnsweredWithAnUnexpectedStatusFailsThatCallOnly() {
		this.postStatus.put("session/new", 500);
		AcpAgentClient client = client();
		client.connect();
		assertThatExceptionOfType(AcpAgentClientException.class).isThrownBy(() -> client.newSession(this.directory))
			.withMessageContaining("answered session/new with HTTP status 500: {\"error\":\"stub says no\"}")
			.isNotInstanceOf(AcpAgentClosedException.class);
		assertThat(client.isConnected()).isTrue();
	}

	@Test
	void aRequestAnsweredNotFoundClosesTheConnection() {
		this.postStatus.put("session/new", 404);
		AcpAgentClient client = client();
		client.connect();
		assertThatExceptionOfType(AcpAgentClientException.class).isThrownBy(() -> client.newSession(this.directory))
			.withMessageContaining("answered session/new with HTTP status 404");
		assertThat(client.isConnected()).isFalse();
	}

	@Test
	void whenTheConnectionStreamEndsThePendingCallFailsClosed() {
		this.afterPost.put("session/new", (message) -> this.streams.get("").close());
		AcpAgentClient client = client();
		client.connect();
		assertThatExceptionOfType(AcpAgentClosedException.class).isThrownBy(() -> client.newSession(this.directory))
			.withMessage("The connection to agent 'stub' is closed");
		assertThat(client.isConnected()).isFalse();
	}

	@Test
	void aStreamThatEndsAfterItCarriedSomethingIsOpenedAgain() throws Exception {
		this.afterPost.put("session/new", (message) -> {
			HttpExchange first = this.streams.get("");
			event("", ":\n\n");
			first.close();
			try {
				assertThat(this.streamsOpened.poll(10, TimeUnit.SECONDS)).isEmpty();
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
			event("", "data: {\"jsonrpc\":\"2.0\",\"id\":" + message.get("id")
					+ ",\"result\":{\"sessionId\":\"s1\"}}\n\n");
		});
		AcpAgentClient client = client();
		client.connect();
		assertThat(awaitStream()).isEmpty();
		assertThat(client.newSession(this.directory).id()).isEqualTo("s1");
		assertThat(client.isConnected()).isTrue();
	}

	@Test
	void anEventLargerThanTheLimitClosesTheConnection() {
		this.afterPost.put("session/new", (message) -> event("", "data: " + "x".repeat(2048) + "\n\n"));
		AcpAgentClient client = AcpAgentClient.builder()
			.name("stub")
			.url(URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/acp"))
			.maxMessageSize(1024)
			.requestTimeout(Duration.ofSeconds(10))
			.build();
		this.clients.add(client);
		client.connect();
		assertThatExceptionOfType(AcpAgentClosedException.class).isThrownBy(() -> client.newSession(this.directory));
	}

	@FunctionalInterface
	private interface StubAction {

		void run(JsonNode message) throws IOException;

	}

}

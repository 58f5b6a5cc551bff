package dev.acp.spring.transport.http;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpHeaders;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.handler.MappedInterceptor;

import static dev.acp.spring.transport.http.HttpTestClient.MAPPER;
import static dev.acp.spring.transport.http.HttpTestClient.TIMEOUT;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the Streamable HTTP transport on a real server (Tomcat on a random port), with
 * a plain {@link HttpClient}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpStreamableHttpTransportTests {

	private static final String SECURITY = "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration";

	private ConfigurableApplicationContext context;

	@AfterEach
	void close() {
		if (this.context != null) {
			this.context.close();
		}
	}

	private int start(String... properties) {
		return start(HttpApplication.class, properties);
	}

	private int start(Class<?> applicationClass, String... properties) {
		SpringApplication application = new SpringApplication(applicationClass);
		application.setWebApplicationType(WebApplicationType.SERVLET);
		application.setRegisterShutdownHook(false);
		List<String> args = new ArrayList<>(
				List.of("--server.address=127.0.0.1", "--server.port=0", "--spring.main.banner-mode=off"));
		if (applicationClass != SecuredApplication.class) {
			// Spring Security is on the test class path: only SecuredApplication uses it
			args.add("--spring.autoconfigure.exclude=" + SECURITY);
		}
		if (List.of(properties).stream().noneMatch((property) -> property.startsWith("--acp.transport="))) {
			args.add("--acp.transport=http");
		}
		args.addAll(List.of(properties));
		this.context = application.run(args.toArray(String[]::new));
		return ((WebServerApplicationContext) this.context).getWebServer().getPort();
	}

	private Gate gate() {
		return this.context.getBean(Gate.class);
	}

	private static String prompt(int id, String sessionId, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	private static String newSession(int id) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id
				+ ",\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}";
	}

	@Test
	void postsOfAnOpenConnectionsMessagesGetNoHttpServerObservationButOtherRequestsDo() throws Exception {
		int port = start(ObservedApplication.class);
		HttpTestClient client = new HttpTestClient(port);
		client.initialize();
		try (HttpTestClient.Events events = client.open(null)) {
			assertThat(client.post(newSession(1)).statusCode()).isEqualTo(202);
			assertThat(events.next().get("id").asInt()).isEqualTo(1);
		}
		HttpResponse<String> health = client
			.send(HttpRequest.newBuilder(java.net.URI.create("http://localhost:" + port + "/actuator/health"))
				.timeout(TIMEOUT)
				.build());
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(this.context.getBean(ObservedRequests.class).started).containsExactly("POST /acp",
				"GET /acp Acp-Connection-Id", "GET /actuator/health");
	}

	@Test
	void handlerInterceptorsOfThePathSeeEveryPost() {
		HttpTestClient client = new HttpTestClient(start(InterceptedApplication.class));
		client.initialize();
		assertThat(client.post(newSession(1)).statusCode()).isEqualTo(202);
		assertThat(this.context.getBean(SeenPosts.class).seen).containsExactly("initialize", "message");
	}

	@Test
	void initializeWithoutConnectionIdIsAnsweredInTheBodyWithTheConnectionIdHeader() {
		HttpTestClient client = new HttpTestClient(start());
		HttpResponse<String> response = client
			.post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/json"));
		assertThat(response.headers().firstValue("Acp-Connection-Id"))
			.hasValueSatisfying((id) -> assertThat(id).matches("[0-9a-f-]{36}"));
		JsonNode answer = MAPPER.readTree(response.body());
		assertThat(answer.get("id").asInt()).isZero();
		assertThat(answer.at("/result/protocolVersion").asInt()).isEqualTo(1);
	}

	@Test
	void actuatorHealthShowsTheHttpTransportAndItsConnections() {
		int port = start("--management.endpoint.health.show-details=always");
		new HttpTestClient(port).initialize();
		HttpTestClient actuator = new HttpTestClient(port);
		HttpResponse<String> health = actuator
			.send(HttpRequest.newBuilder(java.net.URI.create("http://localhost:" + port + "/actuator/health"))
				.timeout(TIMEOUT)
				.build());
		assertThat(health.statusCode()).isEqualTo(200);
		JsonNode acp = MAPPER.readTree(health.body()).at("/components/acp");
		assertThat(acp.get("status").asString()).isEqualTo("UP");
		assertThat(acp.at("/details/transport").asString()).isEqualTo("http");
		assertThat(acp.at("/details/connections").asInt()).isOne();
	}

	@Test
	void anIdleStreamGetsKeepAliveComments() throws Exception {
		HttpTestClient client = new HttpTestClient(start("--acp.http.keep-alive-interval=100ms"));
		client.initialize();
		try (HttpTestClient.Events connection = client.open(null)) {
			assertThat(connection.comment.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isEqualTo(":");
		}
	}

	@Test
	void shutdownDrainsAnswersTheRestCancelledAndEndsTheStreams() throws Exception {
		HttpTestClient client = new HttpTestClient(start("--acp.websocket.drain-timeout=200ms"));
		client.initialize();
		String sessionId = "sess_shutdown";
		try (HttpTestClient.Events connection = client.open(null);
				HttpTestClient.Events session = client.open(sessionId)) {
			client.post(prompt(2, sessionId, "stuck"), sessionId);
			assertThat(session.next().get("method").asString()).isEqualTo("session/update");
			assertThat(gate().entered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
			CompletableFuture<Void> closed = CompletableFuture.runAsync(this.context::close);
			JsonNode answer = session.next();
			assertThat(answer.get("id").asInt()).isEqualTo(2);
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32800);
			session.awaitEnd();
			connection.awaitEnd();
			closed.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			this.context = null;
		}
	}

	@Test
	void springSecurityAuthenticatesEveryRequestAndAConnectionServesOnlyItsOwnPrincipal() throws Exception {
		int port = start(SecuredApplication.class);
		String initialize = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}";
		HttpTestClient anonymous = new HttpTestClient(port);
		assertThat(anonymous.post(initialize).statusCode()).isEqualTo(401);
		HttpTestClient alice = new HttpTestClient(port, basic("alice", "wonderland"));
		alice.initialize();
		HttpTestClient bob = new HttpTestClient(port, basic("bob", "builder"));
		bob.connectionId = alice.connectionId;
		String whoami = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/whoami\",\"params\":{}}";
		assertThat(bob.post(whoami).statusCode()).as("another principal's connection").isEqualTo(404);
		assertThat(bob.open(null).status()).isEqualTo(404);
		assertThat(bob.delete().statusCode()).isEqualTo(404);
		HttpTestClient stranger = new HttpTestClient(port);
		stranger.connectionId = alice.connectionId;
		assertThat(stranger.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/whoami\",\"params\":{}}")
			.statusCode()).as("a message POST without credentials").isEqualTo(401);
		try (HttpTestClient.Events events = alice.open(null)) {
			assertThat(alice.post(whoami).statusCode()).isEqualTo(202);
			assertThat(events.next().at("/result/name").asString()).isEqualTo("alice");
		}
	}

	@Test
	void eachPersonsTokenIsAPrincipalOfItsOwnAndServesOnlyItsOwnConnection() throws Exception {
		int port = start("--acp.websocket.auth.tokens.alice=alice-token", "--acp.websocket.auth.tokens.bob=bob-token");
		HttpTestClient anonymous = new HttpTestClient(port);
		assertThat(
				anonymous.post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}").statusCode())
			.isEqualTo(401);
		HttpTestClient alice = new HttpTestClient(port);
		alice.authorization = "Bearer alice-token";
		alice.initialize();
		HttpTestClient bob = new HttpTestClient(port);
		bob.authorization = "Bearer bob-token";
		bob.connectionId = alice.connectionId;
		String whoami = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/whoami\",\"params\":{}}";
		assertThat(bob.post(whoami).statusCode()).as("another person's connection").isEqualTo(404);
		assertThat(bob.delete().statusCode()).isEqualTo(404);
		try (HttpTestClient.Events events = alice.open(null)) {
			assertThat(alice.post(whoami).statusCode()).isEqualTo(202);
			assertThat(events.next().at("/result/name").asString()).isEqualTo("alice");
		}
	}

	private static HttpClient.Builder basic(String user, String password) {
		return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).authenticator(new java.net.Authenticator() {
			@Override
			protected java.net.PasswordAuthentication getPasswordAuthentication() {
				return new java.net.PasswordAuthentication(user, password.toCharArray());
			}
		});
	}

	@Test
	void cleartextHttp2ServesATurnWhenBootEnablesIt() throws Exception {
		int port = start("--server.http2.enabled=true");
		HttpTestClient client = new HttpTestClient(port, HttpClient.Version.HTTP_2);
		// the first request upgrades the TCP connection (Upgrade: h2c); the rest
		// multiplex on it
		HttpResponse<String> upgrade = client.send(client.request().GET().build());
		assertThat(upgrade.statusCode()).isEqualTo(400);
		client.initialize();
		try (HttpTestClient.Events session = client.open("sess_h2")) {
			assertThat(session.response.version()).isEqualTo(HttpClient.Version.HTTP_2);
			HttpResponse<String> posted = client.post(prompt(1, "sess_h2", "over h2"), "sess_h2");
			assertThat(posted.version()).isEqualTo(HttpClient.Version.HTTP_2);
			assertThat(posted.statusCode()).isEqualTo(202);
			assertThat(session.next().at("/params/update/content/text").asString()).isEqualTo("over h2");
			assertThat(session.next().at("/result/stopReason").asString()).isEqualTo("end_turn");
		}
	}

	@Test
	void everyRoutingRuleHasItsStatus() throws Exception {
		int port = start("--acp.websocket.max-message-size=64KB");
		HttpTestClient client = new HttpTestClient(port);
		String echo = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/echo\",\"params\":{}}";
		assertThat(client.post(echo).statusCode()).as("POST without Acp-Connection-Id").isEqualTo(400);
		client.connectionId = "unknown";
		assertThat(client.post(echo).statusCode()).as("unknown connection").isEqualTo(404);
		assertThat(client.open(null).status()).as("GET of an unknown connection").isEqualTo(404);
		client.connectionId = null;
		client.initialize();
		assertThat(client.post(echo).statusCode()).as("POST of a connection").isEqualTo(202);
		assertThat(client
			.send(client.request()
				.header("Content-Type", "text/plain")
				.POST(HttpRequest.BodyPublishers.ofString(echo))
				.build())
			.statusCode()).as("not JSON content").isEqualTo(415);
		HttpResponse<String> batch = client.post("[" + echo + "]");
		assertThat(batch.statusCode()).as("batch").isEqualTo(501);
		assertThat(MAPPER.readTree(batch.body()).at("/error/code").asInt()).isEqualTo(-32600);
		HttpResponse<String> notJson = client.post("{not json");
		assertThat(notJson.statusCode()).isEqualTo(400);
		assertThat(MAPPER.readTree(notJson.body()).at("/error/code").asInt()).isEqualTo(-32700);
		assertThat(client
			.post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_http.test/echo\",\"params\":{\"s\":\""
					+ "x".repeat(70 * 1024) + "\"}}")
			.statusCode()).as("over the size limit").isEqualTo(413);
		assertThat(client.post(prompt(3, "s1", "hi"), "s1").statusCode()).isEqualTo(202);
		HttpTestClient noSession = new HttpTestClient(port);
		noSession.connectionId = client.connectionId;
		assertThat(noSession
			.send(noSession.request()
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(prompt(5, "s1", "hi")))
				.build())
			.statusCode()).as("session method without Acp-Session-Id").isEqualTo(400);
		assertThat(client.post(prompt(6, "s1", "hi"), "s2").statusCode()).as("mismatched Acp-Session-Id")
			.isEqualTo(400);
		assertThat(client.send(client.request().header("Accept", "application/json").GET().build()).statusCode())
			.as("GET not accepting events")
			.isEqualTo(406);
		HttpTestClient anonymous = new HttpTestClient(port);
		assertThat(anonymous.send(anonymous.request().header("Accept", "text/event-stream").GET().build()).statusCode())
			.as("GET without Acp-Connection-Id nor upgrade")
			.isEqualTo(400);
		try (HttpTestClient.Events first = client.open(null); HttpTestClient.Events second = client.open(null)) {
			assertThat(first.status()).isEqualTo(200);
			assertThat(second.status()).as("second reader of a stream").isEqualTo(409);
		}
		assertThat(client.send(client.request().PUT(HttpRequest.BodyPublishers.noBody()).build()).statusCode())
			.isEqualTo(405);
		assertThat(anonymous.delete().statusCode()).as("DELETE without Acp-Connection-Id").isEqualTo(400);
		assertThat(client.delete().statusCode()).isEqualTo(202);
		assertThat(client.delete().statusCode()).as("DELETE of an ended connection").isEqualTo(404);
		assertThat(client.post(echo).statusCode()).as("POST to an ended connection").isEqualTo(404);
	}

	@Test
	void answersComeOnTheConnectionStreamAndSessionMessagesOnTheSessionStreamUpdatesFirst() throws Exception {
		HttpTestClient client = new HttpTestClient(start());
		client.initialize();
		try (HttpTestClient.Events connection = client.open(null)) {
			assertThat(client.post(newSession(1)).statusCode()).isEqualTo(202);
			JsonNode created = connection.next();
			assertThat(created.get("id").asInt()).isEqualTo(1);
			String sessionId = created.at("/result/sessionId").asString();
			try (HttpTestClient.Events session = client.open(sessionId)) {
				assertThat(client.post(prompt(2, sessionId, "hello"), sessionId).statusCode()).isEqualTo(202);
				JsonNode update = session.next();
				assertThat(update.get("method").asString()).isEqualTo("session/update");
				assertThat(update.at("/params/update/content/text").asString()).isEqualTo("hello");
				JsonNode answer = session.next();
				assertThat(answer.get("id").asInt()).isEqualTo(2);
				assertThat(answer.at("/result/stopReason").asString()).isEqualTo("end_turn");
				client.post("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"_http.test/echo\",\"params\":{\"n\":3}}");
				assertThat(connection.next().get("id").asInt()).as("nothing of the session on the connection stream")
					.isEqualTo(3);
			}
		}
	}

	@Test
	void sessionMessagesGoToTheConnectionStreamWhileTheSessionHasNone() throws Exception {
		HttpTestClient client = new HttpTestClient(start());
		client.initialize();
		try (HttpTestClient.Events connection = client.open(null)) {
			client.post(newSession(1));
			String sessionId = connection.next().at("/result/sessionId").asString();
			client.post(prompt(2, sessionId, "hello"), sessionId);
			assertThat(connection.next().get("method").asString()).isEqualTo("session/update");
			assertThat(connection.next().get("id").asInt()).isEqualTo(2);
		}
	}

	@Test
	void eventsWaitForTheFirstReader() throws Exception {
		HttpTestClient client = new HttpTestClient(start());
		client.initialize();
		client.post(newSession(1));
		client.post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_http.test/echo\",\"params\":{}}");
		try (HttpTestClient.Events connection = client.open(null)) {
			Set<Integer> ids = Set.of(connection.next().get("id").asInt(), connection.next().get("id").asInt());
			assertThat(ids).containsExactlyInAnyOrder(1, 2);
		}
	}

	@Test
	void theClientsAnswerToTheAgentsRequestIsPostedAndReachesTheWaitingCall() throws Exception {
		HttpTestClient client = new HttpTestClient(start());
		client.initialize();
		String sessionId = "sess_ask";
		try (HttpTestClient.Events session = client.open(sessionId)) {
			client.post(prompt(2, sessionId, "ask"), sessionId);
			JsonNode ask = session.next();
			assertThat(ask.get("method").asString()).isEqualTo("_client.test/ask");
			assertThat(client
				.post("{\"jsonrpc\":\"2.0\",\"id\":" + ask.get("id") + ",\"result\":{\"answer\":42}}", sessionId)
				.statusCode()).isEqualTo(202);
			assertThat(session.next().at("/params/update/content/text").asString()).isEqualTo("{\"answer\":42}");
			assertThat(session.next().at("/result/stopReason").asString()).isEqualTo("end_turn");
		}
	}

	@Test
	void cancelEndsTheTurnCancelledAndTheSessionsNextTurnWaitsForIt() throws Exception {
		HttpTestClient client = new HttpTestClient(start());
		client.initialize();
		String sessionId = "sess_cancel";
		try (HttpTestClient.Events session = client.open(sessionId)) {
			client.post(prompt(2, sessionId, "hold"), sessionId);
			assertThat(session.next().get("method").asString()).isEqualTo("session/update");
			assertThat(gate().entered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
			client.post(prompt(3, sessionId, "again"), sessionId);
			client.post("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + sessionId
					+ "\"}}", sessionId);
			JsonNode answer = session.next();
			assertThat(answer.get("id").asInt()).as("nothing of the next turn before this one ends").isEqualTo(2);
			assertThat(answer.at("/result/stopReason").asString()).isEqualTo("cancelled");
			JsonNode next = session.next();
			if (next.has("method")) {
				assertThat(next.at("/params/update/content/text").asString()).isEqualTo("again");
				next = session.next();
			}
			assertThat(next.get("id").asInt()).isEqualTo(3);
		}
	}

	@Test
	void paramsErrorsAreAnsweredOnTheStream() throws Exception {
		HttpTestClient client = new HttpTestClient(start());
		client.initialize();
		try (HttpTestClient.Events connection = client.open(null)) {
			client.post("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"session/new\",\"params\":{\"mcpServers\":[]}}");
			JsonNode answer = connection.next();
			assertThat(answer.get("id").asInt()).isEqualTo(7);
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			client.post("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"_http.test/nope\",\"params\":{}}");
			assertThat(connection.next().at("/error/code").asInt()).isEqualTo(-32601);
		}
	}

	@Test
	void aStdioMcpServerNamedOverStreamableHttpIsRefusedBeforeTheHandler(@TempDir Path directory) throws Exception {
		HttpTestClient client = new HttpTestClient(start());
		client.initialize();
		try (HttpTestClient.Events connection = client.open(null)) {
			client.post("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\","
					+ "\"mcpServers\":[{\"name\":\"x\",\"command\":\"sh\",\"args\":[\"-c\",\"touch "
					+ directory.resolve("started") + "\"],\"env\":[]}]}}");
			JsonNode answer = connection.next();
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("mcpServers[0]");
		}
		assertThat(gate().sessions).hasValue(0);
	}

	@Test
	void deleteMidTurnDrainsAnswersTheRestCancelledAndEndsTheStreams() throws Exception {
		HttpTestClient client = new HttpTestClient(start("--acp.websocket.drain-timeout=200ms"));
		client.initialize();
		String sessionId = "sess_delete";
		try (HttpTestClient.Events connection = client.open(null);
				HttpTestClient.Events session = client.open(sessionId)) {
			client.post(prompt(2, sessionId, "stuck"), sessionId);
			assertThat(session.next().get("method").asString()).isEqualTo("session/update");
			assertThat(gate().entered.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
			assertThat(client.delete().statusCode()).isEqualTo(202);
			JsonNode answer = session.next();
			assertThat(answer.get("id").asInt()).isEqualTo(2);
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32800);
			session.awaitEnd();
			connection.awaitEnd();
			assertThat(client.post(prompt(3, sessionId, "x"), sessionId).statusCode()).isEqualTo(404);
		}
	}

	@Test
	void webSocketUpgradeOnTheSamePathCarriesTheConnectionId() throws Exception {
		int port = start();
		try (Socket socket = new Socket("localhost", port)) {
			String key = java.util.Base64.getEncoder()
				.encodeToString("0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
			OutputStream out = socket.getOutputStream();
			out.write(("GET /acp HTTP/1.1\r\nHost: localhost:" + port
					+ "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + key
					+ "\r\nSec-WebSocket-Version: 13\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			String head = readHead(socket.getInputStream());
			assertThat(head).startsWith("HTTP/1.1 101").containsPattern("(?im)^acp-connection-id: [0-9a-f-]{36}$");
		}
	}

	@Test
	void streamableHttpCanBeTurnedOffBesideWebSocket() {
		HttpTestClient client = new HttpTestClient(
				start("--acp.transport=websocket", "--acp.http.streamable.enabled=false"));
		HttpResponse<String> response = client
			.post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(response.statusCode()).isNotEqualTo(200);
		assertThat(response.headers().firstValue("Acp-Connection-Id")).isEmpty();
	}

	@Test
	void webSocketTransportServesStreamableHttpToo() {
		HttpTestClient client = new HttpTestClient(start("--acp.transport=websocket"));
		assertThat(client.initialize().at("/result/protocolVersion").asInt()).isEqualTo(1);
	}

	@Test
	void originsAndBearerTokenApplyAsForWebSocket() {
		int port = start("--acp.websocket.auth.bearer-token=s3cret");
		HttpTestClient client = new HttpTestClient(port);
		String initialize = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}";
		HttpResponse<String> refused = client.post(initialize);
		assertThat(refused.statusCode()).isEqualTo(401);
		assertThat(refused.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
		HttpResponse<String> foreign = client.send(client.request()
			.header("Authorization", "Bearer s3cret")
			.header("Content-Type", "application/json")
			.header("Origin", "https://evil.example")
			.POST(HttpRequest.BodyPublishers.ofString(initialize))
			.build());
		assertThat(foreign.statusCode()).isEqualTo(403);
		HttpResponse<String> accepted = client.send(client.request()
			.header("Authorization", "Bearer s3cret")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(initialize))
			.build());
		assertThat(accepted.statusCode()).isEqualTo(200);
	}

	@Test
	void browsersOfAnAllowedOriginGetCorsWithTheConnectionIdExposed() {
		int port = start("--acp.websocket.allowed-origins=https://*.example.com");
		HttpTestClient client = new HttpTestClient(port);
		HttpResponse<String> preflight = client.send(client.request()
			.header("Origin", "https://app.example.com")
			.header("Access-Control-Request-Method", "POST")
			.header("Access-Control-Request-Headers", "content-type,acp-session-id")
			.method("OPTIONS", HttpRequest.BodyPublishers.noBody())
			.build());
		assertThat(preflight.statusCode()).isEqualTo(200);
		assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://app.example.com");
		HttpResponse<String> initialize = client.send(client.request()
			.header("Origin", "https://app.example.com")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(
					"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}"))
			.build());
		assertThat(initialize.statusCode()).isEqualTo(200);
		assertThat(initialize.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://app.example.com");
		assertThat(initialize.headers().firstValue("Access-Control-Expose-Headers"))
			.hasValueSatisfying((exposed) -> assertThat(exposed).containsIgnoringCase("Acp-Connection-Id"));
		client.connectionId = initialize.headers().firstValue("Acp-Connection-Id").orElseThrow();
		HttpResponse<String> message = client.send(client.request()
			.header("Origin", "https://app.example.com")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(newSession(1)))
			.build());
		assertThat(message.statusCode()).isEqualTo(202);
		assertThat(message.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://app.example.com");
		HttpResponse<String> foreignMessage = client.send(client.request()
			.header("Origin", "https://evil.example")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(newSession(2)))
			.build());
		assertThat(foreignMessage.statusCode()).isEqualTo(403);
		HttpResponse<String> foreign = client.send(client.request()
			.header("Origin", "https://evil.example")
			.header("Access-Control-Request-Method", "POST")
			.method("OPTIONS", HttpRequest.BodyPublishers.noBody())
			.build());
		assertThat(foreign.statusCode()).isEqualTo(403);
	}

	@Test
	void connectionLimitCountsHttpConnections() {
		int port = start("--acp.websocket.max-connections=1");
		new HttpTestClient(port).initialize();
		HttpResponse<String> refused = new HttpTestClient(port)
			.post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(refused.statusCode()).isEqualTo(503);
	}

	@Test
	void aWebSocketHandshakeUnderWayHoldsTheLastConnectionSlotAgainstHttp() throws Exception {
		int port = start("--acp.transport=websocket", "--acp.websocket.max-connections=1");
		MockHttpServletRequest upgrade = new MockHttpServletRequest("GET", "/acp");
		upgrade.addHeader(HttpHeaders.UPGRADE, "websocket");
		// the handshake is admitted: its socket is not open yet, the slot is reserved
		assertThat(this.context.getBean(AcpWebSocketHandler.class)
			.beforeHandshake(new ServletServerHttpRequest(upgrade),
					new ServletServerHttpResponse(new MockHttpServletResponse()), null, new HashMap<>()))
			.isTrue();
		HttpResponse<String> refused = new HttpTestClient(port)
			.post("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(refused.statusCode()).isEqualTo(503);
	}

	@Test
	void simultaneousAdmissionsOverBothTransportsNeverExceedTheConnectionLimit() throws Exception {
		int limit = 3;
		int port = start("--acp.transport=websocket", "--acp.websocket.max-connections=" + limit);
		int attempts = 12;
		List<Socket> sockets = new CopyOnWriteArrayList<>();
		CountDownLatch go = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(attempts);
		try {
			List<Future<Integer>> statuses = new ArrayList<>();
			for (int i = 0; i < attempts; i++) {
				boolean webSocket = i % 2 == 0;
				statuses.add(pool.submit(() -> {
					go.await();
					if (!webSocket) {
						return new HttpTestClient(port).post(
								"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}")
							.statusCode();
					}
					Socket socket = new Socket("localhost", port);
					sockets.add(socket);
					socket.getOutputStream()
						.write(("GET /acp HTTP/1.1\r\nHost: localhost:" + port
								+ "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
								+ "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
							.getBytes(StandardCharsets.US_ASCII));
					return Integer.parseInt(readHead(socket.getInputStream()).substring(9, 12));
				}));
			}
			go.countDown();
			int admitted = 0;
			int refused = 0;
			for (Future<Integer> status : statuses) {
				int code = status.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
				admitted += (code == 101 || code == 200) ? 1 : 0;
				refused += (code == 503) ? 1 : 0;
			}
			assertThat(admitted).isEqualTo(limit);
			assertThat(refused).isEqualTo(attempts - limit);
		}
		finally {
			pool.shutdownNow();
			for (Socket socket : sockets) {
				socket.close();
			}
		}
	}

	@Test
	void aConnectionWithNoStreamAndNoRequestForTheIdleTimeoutIsEnded() throws Exception {
		HttpTestClient client = new HttpTestClient(start("--acp.http.idle-timeout=300ms"));
		client.initialize();
		client.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/call-client\",\"params\":{}}");
		Throwable failure = gate().clientCallFailure.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		assertThat(failure).as("the agent's call fails once the idle connection ended").isNotNull();
		assertThat(
				client.post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_http.test/echo\",\"params\":{}}").statusCode())
			.isEqualTo(404);
	}

	@Test
	void aReaderThatFallsBehindIsDetachedAndTheNextReaderGetsTheRestOnceEach() throws Exception {
		int port = start("--acp.websocket.send-buffer-size=256KB", "--acp.http.max-queued=64MB");
		HttpTestClient client = new HttpTestClient(port);
		client.initialize();
		int count = 24;
		try (Socket stalled = new Socket()) {
			stalled.setReceiveBufferSize(4096);
			stalled.connect(new java.net.InetSocketAddress("localhost", port));
			OutputStream out = stalled.getOutputStream();
			out.write(("GET /acp HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\nAcp-Connection-Id: "
					+ client.connectionId + "\r\n\r\n")
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = stalled.getInputStream();
			assertThat(readHead(in)).startsWith("HTTP/1.1 200");
			client.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/blobs\",\"params\":{\"count\":" + count
					+ ",\"size\":524288}}");
			assertThat(gate().blobsSent.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
			Set<Integer> seen = new HashSet<>();
			List<Integer> first = blobsUntilTheStreamEnds(in);
			seen.addAll(first);
			assertThat(first).as("the stalled reader was detached before it got everything").hasSizeLessThan(count);
			try (HttpTestClient.Events next = client.open(null)) {
				while (seen.size() < count) {
					JsonNode event = next.next();
					if ("_http.test/blob".equals(event.path("method").asString(null))) {
						assertThat(seen.add(event.at("/params/n").asInt())).as("no event twice").isTrue();
					}
				}
			}
		}
	}

	@Test
	void aStreamThatKeepsMoreThanItsCapForItsNextReaderClosesTheConnection() throws Exception {
		int port = start("--acp.websocket.send-buffer-size=256KB", "--acp.http.max-queued=2MB");
		HttpTestClient client = new HttpTestClient(port);
		client.initialize();
		client.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/blobs\",\"params\":{\"count\":8"
				+ ",\"size\":524288}}");
		assertThat(gate().blobsSent.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		assertThat(
				client.post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_http.test/echo\",\"params\":{}}").statusCode())
			.isEqualTo(404);
	}

	@Test
	void pastTheTransportsQueuedTotalTheConnectionThatQueuesTheMostIsClosed() throws Exception {
		// each connection stays under its own bound (4 MB); together they pass the
		// transport's (4 MB)
		int port = start("--acp.http.max-queued=4MB", "--acp.http.max-queued-total=4MB");
		HttpTestClient hog = new HttpTestClient(port);
		hog.initialize();
		HttpTestClient other = new HttpTestClient(port);
		other.initialize();
		hog.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/blobs\",\"params\":{\"count\":5"
				+ ",\"size\":524288}}");
		assertThat(gate().blobCalls.tryAcquire(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		other.post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_http.test/blobs\",\"params\":{\"count\":4"
				+ ",\"size\":524288}}");
		assertThat(gate().blobCalls.tryAcquire(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		assertThat(hog.post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_http.test/echo\",\"params\":{}}").statusCode())
			.as("the connection queueing the most is closed")
			.isEqualTo(404);
		assertThat(
				other.post("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_http.test/echo\",\"params\":{}}").statusCode())
			.as("the other keeps being served")
			.isEqualTo(202);
		try (HttpTestClient.Events events = other.open(null)) {
			int blobs = 0;
			while (blobs < 4) {
				JsonNode event = events.next();
				blobs += "_http.test/blob".equals(event.path("method").asString(null)) ? 1 : 0;
			}
		}
	}

	@Test
	void aHundredSimultaneousDeletesStartNoMoreThanAFewCloseThreads() throws Exception {
		int port = start("--acp.websocket.max-connections=150", "--server.tomcat.threads.max=300");
		int connections = 100;
		List<HttpTestClient> clients = new ArrayList<>();
		for (int i = 0; i < connections; i++) {
			HttpTestClient client = new HttpTestClient(port);
			client.initialize();
			clients.add(client);
		}
		ExecutorService pool = Executors.newFixedThreadPool(connections);
		CountDownLatch go = new CountDownLatch(1);
		try {
			List<Future<Integer>> deletes = new ArrayList<>();
			for (HttpTestClient client : clients) {
				deletes.add(pool.submit(() -> {
					go.await();
					return client.delete().statusCode();
				}));
			}
			go.countDown();
			for (Future<Integer> delete : deletes) {
				assertThat(delete.get(60, TimeUnit.SECONDS)).isEqualTo(202);
			}
		}
		finally {
			pool.shutdownNow();
		}
		// every DELETE handed its close to the pool before it was answered: the threads
		// the pool started are numbered 1 to N
		int started = Thread.getAllStackTraces()
			.keySet()
			.stream()
			.map(Thread::getName)
			.filter((name) -> name.startsWith("acp-http-close-"))
			.mapToInt((name) -> Integer.parseInt(name.substring("acp-http-close-".length())))
			.max()
			.orElse(0);
		assertThat(started).isBetween(1, 4);
	}

	@Test
	void twoHundredConcurrentConnectionsEachRunATurn() throws Exception {
		int port = start("--acp.websocket.max-connections=250", "--server.tomcat.threads.max=300");
		int connections = 200;
		ExecutorService clients = Executors.newFixedThreadPool(32);
		try {
			List<Future<String>> turns = new ArrayList<>();
			for (int i = 0; i < connections; i++) {
				String text = "turn-" + i;
				turns.add(clients.submit(() -> {
					HttpTestClient client = new HttpTestClient(port);
					client.initialize();
					String sessionId = "sess_" + text;
					try (HttpTestClient.Events session = client.open(sessionId)) {
						client.post(prompt(1, sessionId, text), sessionId);
						String chunk = session.next().at("/params/update/content/text").asString();
						assertThat(session.next().at("/result/stopReason").asString()).isEqualTo("end_turn");
						client.delete();
						return chunk;
					}
				}));
			}
			for (int i = 0; i < connections; i++) {
				assertThat(turns.get(i).get(60, TimeUnit.SECONDS)).isEqualTo("turn-" + i);
			}
		}
		finally {
			clients.shutdownNow();
		}
	}

	/**
	 * Read a chunked event stream to its end, giving the numbers of the blobs in it (each
	 * event's params start with "n").
	 */
	private static List<Integer> blobsUntilTheStreamEnds(InputStream in) throws Exception {
		List<Integer> numbers = new ArrayList<>();
		StringBuilder line = new StringBuilder();
		while (true) {
			int size = Integer.parseInt(readLine(in).trim(), 16);
			if (size == 0) {
				return numbers;
			}
			for (int i = 0; i < size; i++) {
				int b = in.read();
				if (b == '\n') {
					String text = line.toString();
					String prefix = "data: {\"jsonrpc\":\"2.0\",\"method\":\"_http.test/blob\",\"params\":{\"n\":";
					if (text.startsWith(prefix)) {
						numbers.add(Integer.parseInt(text.substring(prefix.length()).replaceAll("\\D.*", "")));
					}
					line.setLength(0);
				}
				else if (line.length() < 128) {
					line.append((char) b);
				}
			}
			readLine(in);
		}
	}

	private static String readLine(InputStream in) throws Exception {
		StringBuilder line = new StringBuilder();
		int b;
		while ((b = in.read()) != -1 && b != '\n') {
			if (b != '\r') {
				line.append((char) b);
			}
		}
		return line.toString();
	}

	private static String readHead(InputStream in) throws Exception {
		StringBuilder head = new StringBuilder();
		int b;
		while ((b = in.read()) != -1) {
			head.append((char) b);
			if (head.toString().endsWith("\r\n\r\n")) {
				break;
			}
		}
		return head.toString();
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Agent.class)
	static class HttpApplication {

		@Bean
		Gate gate() {
			return new Gate();
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Agent.class)
	static class SecuredApplication {

		@Bean
		Gate gate() {
			return new Gate();
		}

		@Bean
		SecurityFilterChain acpSecurity(HttpSecurity http) throws Exception {
			return http.authorizeHttpRequests((requests) -> requests.requestMatchers("/acp").authenticated())
				.httpBasic(Customizer.withDefaults())
				.csrf((csrf) -> csrf.ignoringRequestMatchers("/acp"))
				.build();
		}

		@Bean
		UserDetailsService users() {
			return new InMemoryUserDetailsManager(
					User.withUsername("alice").password("{noop}wonderland").roles("AGENT_USER").build(),
					User.withUsername("bob").password("{noop}builder").roles("AGENT_USER").build());
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Agent.class)
	static class ObservedApplication {

		@Bean
		Gate gate() {
			return new Gate();
		}

		@Bean
		ObservedRequests observedRequests() {
			return new ObservedRequests();
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Agent.class)
	static class InterceptedApplication {

		@Bean
		Gate gate() {
			return new Gate();
		}

		@Bean
		SeenPosts seenPosts() {
			return new SeenPosts();
		}

		@Bean
		MappedInterceptor acpPosts(SeenPosts seen) {
			return new MappedInterceptor(new String[] { "/acp" }, seen);
		}

	}

	/**
	 * Records the POSTs a handler interceptor sees.
	 */
	static class SeenPosts implements HandlerInterceptor {

		final List<String> seen = new CopyOnWriteArrayList<>();

		@Override
		public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
			if ("POST".equals(request.getMethod())) {
				this.seen.add((request.getHeader("Acp-Connection-Id") != null) ? "message" : "initialize");
			}
			return true;
		}

	}

	/**
	 * Records the HTTP server observations as they start, before the response is sent.
	 */
	static class ObservedRequests implements ObservationHandler<ServerRequestObservationContext> {

		final List<String> started = new CopyOnWriteArrayList<>();

		@Override
		public void onStart(ServerRequestObservationContext context) {
			HttpServletRequest request = context.getCarrier();
			this.started.add(request.getMethod() + " " + request.getRequestURI()
					+ ((request.getHeader("Acp-Connection-Id") != null) ? " Acp-Connection-Id" : ""));
		}

		@Override
		public boolean supportsContext(Observation.Context context) {
			return context instanceof ServerRequestObservationContext;
		}

	}

	static class Gate {

		final CountDownLatch entered = new CountDownLatch(1);

		final CountDownLatch blobsSent = new CountDownLatch(1);

		final Semaphore blobCalls = new Semaphore(0);

		final CompletableFuture<Throwable> clientCallFailure = new CompletableFuture<>();

		final AtomicInteger sessions = new AtomicInteger();

	}

	static class Agent {

		private final Gate gate;

		Agent(Gate gate) {
			this.gate = gate;
		}

		@AcpMethod("_http.test/whoami")
		Map<String, Object> whoami(AcpRequestContext context) {
			java.security.Principal principal = context.connection().principal();
			return Map.of("name", (principal != null) ? principal.getName() : "");
		}

		@AcpMethod("_http.test/echo")
		Map<String, Object> echo(JsonNode params) {
			return Map.of("params", params);
		}

		@AcpMethod("_http.test/blobs")
		Map<String, Object> blobs(JsonNode params, AcpRequestContext context) {
			String blob = "b".repeat(params.get("size").asInt());
			for (int n = 0; n < params.get("count").asInt(); n++) {
				Map<String, Object> event = new LinkedHashMap<>();
				event.put("n", n);
				event.put("data", blob);
				context.client().notify("_http.test/blob", event);
			}
			this.gate.blobsSent.countDown();
			this.gate.blobCalls.release();
			return Map.of();
		}

		@AcpMethod("_http.test/call-client")
		Map<String, Object> callClient(AcpRequestContext context) {
			try {
				context.client().request("_client.test/never", Map.of(), JsonNode.class).get(30, TimeUnit.SECONDS);
				this.gate.clientCallFailure.complete(null);
			}
			catch (Exception ex) {
				this.gate.clientCallFailure.complete(ex);
			}
			return Map.of();
		}

		@AcpMethod("session/new")
		NewSessionResponse newSession(NewSessionRequest request) {
			return new NewSessionResponse("sess_" + this.gate.sessions.incrementAndGet());
		}

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
			String text = request.text();
			if (text.equals("ask")) {
				JsonNode answer = context.client()
					.request("_client.test/ask", Map.of("sessionId", request.sessionId()), JsonNode.class)
					.get(10, TimeUnit.SECONDS);
				context.client().agentMessageChunk(request.sessionId(), answer.toString());
				return new PromptResponse(StopReason.END_TURN);
			}
			context.client().agentMessageChunk(request.sessionId(), text);
			if (text.equals("hold") || text.equals("stuck")) {
				this.gate.entered.countDown();
				try {
					new CountDownLatch(1).await(30, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					if (text.equals("stuck")) {
						new CountDownLatch(1).await(1, TimeUnit.SECONDS);
					}
					return new PromptResponse(StopReason.CANCELLED);
				}
			}
			return new PromptResponse(StopReason.END_TURN);
		}

	}

}

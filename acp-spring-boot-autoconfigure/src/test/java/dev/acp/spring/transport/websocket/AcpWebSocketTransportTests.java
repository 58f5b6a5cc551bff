package dev.acp.spring.transport.websocket;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpJsonMapper;
import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketHttpHeaders;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.client.standard.StandardWebSocketClient;
import org.springframework.web.socket.handler.TextWebSocketHandler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests of the WebSocket transport on a real server (Tomcat on a random port).
 *
 * @author ACP Spring Boot Starter contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class AcpWebSocketTransportTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private static final String SECURITY = "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration";

	private final JsonMapper mapper = AcpJsonMapper.create();

	private ConfigurableApplicationContext context;

	@AfterEach
	void close() {
		if (this.context != null) {
			this.context.close();
		}
	}

	private int start(String... properties) {
		return start(EchoApplication.class, properties);
	}

	private int start(Class<?> applicationClass, String... properties) {
		SpringApplication application = new SpringApplication(applicationClass);
		application.setWebApplicationType(WebApplicationType.SERVLET);
		// each test closes its own context: no JVM shutdown hook may wait for a close
		application.setRegisterShutdownHook(false);
		List<String> args = new ArrayList<>(List.of("--acp.transport=websocket", "--server.address=127.0.0.1",
				"--server.port=0", "--spring.main.banner-mode=off"));
		if (applicationClass != SecuredApplication.class) {
			// Spring Security is on the test class path: only SecuredApplication uses it
			args.add("--spring.autoconfigure.exclude=" + SECURITY);
		}
		args.addAll(List.of(properties));
		this.context = application.run(args.toArray(String[]::new));
		return ((WebServerApplicationContext) this.context).getWebServer().getPort();
	}

	@Test
	void actuatorHealthHasTheAcpComponentWithTheWebSocketTransportAndItsConnections() throws Exception {
		int port = start("--management.endpoint.health.show-details=always");
		// the 101 is written before the server registers the socket: the first answer on
		// it is the server's own sign that the connection is registered
		Client.connect(port).initialize();
		HttpResponse<String> health = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health")).build(),
					HttpResponse.BodyHandlers.ofString());
		assertThat(health.statusCode()).isEqualTo(200);
		JsonNode acp = AcpJsonMapper.create().readTree(health.body()).at("/components/acp");
		assertThat(acp.get("status").asString()).isEqualTo("UP");
		assertThat(acp.at("/details/transport").asString()).isEqualTo("websocket");
		assertThat(acp.at("/details/connections").asInt()).isOne();
	}

	@Test
	void servesAcpOverTextFramesWithTheConnectionIdInTheHandshake() throws Exception {
		int port = start();
		assertThat(handshakeResponse(port)).startsWith("HTTP/1.1 101")
			.containsPattern("(?im)^acp-connection-id: [0-9a-f-]{36}$");
		Client client = Client.connect(port);
		client.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(this.mapper.readTree(client.next()).at("/result/protocolVersion").asInt()).isEqualTo(1);
		client.send("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"_ws.test/echo\",\"params\":{\"x\":[1,2]}}");
		assertThat(this.mapper.readTree(client.next()).at("/result/params/x").toString()).isEqualTo("[1,2]");
		client.send("not json");
		assertThat(this.mapper.readTree(client.next()).at("/error/code").asInt()).isEqualTo(-32700);
	}

	@Test
	void messageOverTheLimitIsRefusedAndTheSocketStaysOpen() throws Exception {
		int port = start("--acp.websocket.max-message-size=200KB");
		Client client = Client.connect(port);
		client.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		client.next();
		client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_ws.test/echo\",\"params\":{\"big\":\""
				+ "x".repeat(300 * 1024) + "\"}}");
		JsonNode refused = this.mapper.readTree(client.next());
		assertThat(refused.at("/error/code").asInt()).isEqualTo(-32600);
		client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_ws.test/echo\",\"params\":{\"big\":\""
				+ "y".repeat(150 * 1024) + "\"}}");
		JsonNode answer = this.mapper.readTree(client.next());
		assertThat(answer.at("/id").asInt()).isEqualTo(2);
		assertThat(answer.at("/result/params/big").asString()).hasSize(150 * 1024);
	}

	@Test
	void socketsKeepTheContainersSmallTextBufferAndMessagesOfManyFramesAreBoundedInBytes() throws Exception {
		int port = start("--acp.websocket.max-message-size=1MB");
		AcpWebSocketHandler handler = this.context.getBean(AcpWebSocketHandler.class);
		Client client = Client.connect(port);
		client.initialize();
		String head = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_ws.test/size\",\"params\":{\"s\":\"";
		String tail = "\"}}";
		int fill = 1024 * 1024 - head.length() - tail.length();
		client.sendInFrames(head + "x".repeat(fill) + tail, 16 * 1024);
		assertThat(this.mapper.readTree(client.next()).at("/result/size").asInt()).isEqualTo(fill);
		client.sendInFrames(head.replace("\"id\":1", "\"id\":2") + "x".repeat(fill + 1) + tail, 16 * 1024);
		assertThat(this.mapper.readTree(client.next()).at("/error/code").asInt()).isEqualTo(-32600);
		client.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"_ws.test/size\",\"params\":{\"s\":\"abc\"}}");
		assertThat(this.mapper.readTree(client.next()).at("/result/size").asInt()).isEqualTo(3);
		// Tomcat's own default (8 KiB characters), not a buffer per socket sized for
		// whole messages: the handler joins partial frames and bounds them in bytes
		assertThat(handler.largestTextBufferSize()).isPositive().isLessThanOrEqualTo(8 * 1024);
	}

	@Test
	void permessageDeflateOfferedByTheClientIsDeclined() throws Exception {
		int port = start();
		String head = RawSocket.headOf(port,
				Map.of("Sec-WebSocket-Extensions", "permessage-deflate; client_max_window_bits"));
		assertThat(head).startsWith("HTTP/1.1 101").doesNotContainPattern("(?im)^sec-websocket-extensions:");
	}

	@Test
	void permessageDeflateIsNegotiatedWhenAllowed() throws Exception {
		int port = start("--acp.websocket.permessage-deflate=true");
		String head = RawSocket.headOf(port,
				Map.of("Sec-WebSocket-Extensions", "permessage-deflate; client_max_window_bits"));
		assertThat(head).startsWith("HTTP/1.1 101")
			.containsPattern("(?im)^sec-websocket-extensions: permessage-deflate");
	}

	@Test
	void tomcatCachesNoClosedChannelsUnlessTheApplicationSetsItsOwnBound() throws Exception {
		start();
		assertThat(tomcatConnector().getProperty("socket.bufferPool")).hasToString("0");
		this.context.close();
		start(UserBufferPoolApplication.class);
		assertThat(tomcatConnector().getProperty("socket.bufferPool")).hasToString("100");
	}

	@Test
	void tomcatsRequestThreadsAreCappedUnlessTheApplicationSetsServerTomcatThreadsMax() throws Exception {
		start();
		int cap = Math.max(16, 4 * Runtime.getRuntime().availableProcessors());
		assertThat(((AbstractProtocol<?>) tomcatConnector().getProtocolHandler()).getMaxThreads()).isEqualTo(cap);
		this.context.close();
		start("--server.tomcat.threads.max=200");
		assertThat(((AbstractProtocol<?>) tomcatConnector().getProtocolHandler()).getMaxThreads()).isEqualTo(200);
	}

	private Connector tomcatConnector() {
		return ((TomcatWebServer) ((WebServerApplicationContext) this.context).getWebServer()).getTomcat()
			.getConnector();
	}

	@Test
	void binaryFramesAreIgnoredAndTheNextTextFrameIsServed(CapturedOutput output) throws Exception {
		int port = start();
		Client client = Client.connect(port);
		// the ACP RFD: binary frames are ignored (a client that sends its initialize as
		// one gets no answer but keeps its socket)
		byte[] binaryInitialize = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}"
			.getBytes(StandardCharsets.UTF_8);
		client.session.sendMessage(new BinaryMessage(ByteBuffer.wrap(binaryInitialize)));
		client.session.sendMessage(new BinaryMessage(ByteBuffer.wrap(new byte[] { 1, 2, 3 })));
		client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		JsonNode answer = this.mapper.readTree(client.next());
		assertThat(answer.at("/id").asInt()).isOne();
		assertThat(answer.at("/result/protocolVersion").asInt()).isOne();
		assertThat(client.session.isOpen()).isTrue();
		assertThat(client.closed).isNotDone();
		assertThat(output.getAll().split("binary frame", -1)).hasSize(2);
	}

	@Test
	void handshakesBeyondTheConnectionLimitAreRefused() throws Exception {
		int port = start("--acp.websocket.max-connections=1");
		Client.connect(port);
		assertThatExceptionOfType(Exception.class).isThrownBy(() -> Client.connect(port));
	}

	@Test
	void simultaneousHandshakesNeverExceedTheConnectionLimit() throws Exception {
		int port = start("--acp.websocket.max-connections=5");
		int attempts = 16;
		List<RawSocket> sockets = new CopyOnWriteArrayList<>();
		CountDownLatch go = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(attempts);
		try {
			List<Future<RawSocket>> results = new ArrayList<>();
			for (int i = 0; i < attempts; i++) {
				results.add(pool.submit(() -> {
					go.await();
					RawSocket socket = RawSocket.open(port, Map.of());
					sockets.add(socket);
					return socket;
				}));
			}
			go.countDown();
			int upgraded = 0;
			int refused = 0;
			for (Future<RawSocket> result : results) {
				String status = result.get(30, TimeUnit.SECONDS).statusLine();
				upgraded += status.startsWith("HTTP/1.1 101") ? 1 : 0;
				refused += status.startsWith("HTTP/1.1 503") ? 1 : 0;
			}
			assertThat(upgraded).isEqualTo(5);
			assertThat(refused).isEqualTo(attempts - 5);
			AcpWebSocketHandler handler = this.context.getBean(AcpWebSocketHandler.class);
			Awaitility.await().atMost(TIMEOUT).until(() -> handler.openConnections() == 5);
			for (RawSocket socket : sockets) {
				socket.close();
			}
			// the slots are released when the sockets close
			Awaitility.await().atMost(TIMEOUT).until(() -> handler.openConnections() == 0);
			Client client = Client.connect(port);
			client.initialize();
		}
		finally {
			pool.shutdownNow();
			for (RawSocket socket : sockets) {
				socket.close();
			}
		}
	}

	@Test
	void shutdownClosesOpenSocketsWith1001() throws Exception {
		int port = start();
		List<Client> clients = new ArrayList<>();
		for (int i = 0; i < 3; i++) {
			Client client = Client.connect(port);
			client.initialize();
			clients.add(client);
		}
		this.context.close();
		this.context = null;
		for (Client client : clients) {
			assertThat(client.closed.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).getCode()).isEqualTo(1001);
		}
	}

	@Test
	void shutdownStopsEverySocketAtOnceAndDrainsThemInParallel() throws Exception {
		int port = start("--acp.websocket.drain-timeout=60s");
		Gate gate = this.context.getBean(Gate.class);
		List<Client> clients = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			Client client = Client.connect(port);
			client.initialize();
			client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_ws.test/wait\",\"params\":{}}");
			clients.add(client);
		}
		Awaitility.await().atMost(TIMEOUT).until(() -> gate.entered.get() == 4);
		Set<JsonRpcConnection> connections = this.context.getBean(JsonRpcConnectionFactory.class).openConnections();
		assertThat(connections).hasSize(4);
		ConfigurableApplicationContext closing = this.context;
		this.context = null;
		Thread closer = new Thread(closing::close);
		closer.start();
		try {
			// every connection stops accepting while the first still drains
			Awaitility.await().atMost(TIMEOUT).until(() -> connections.stream().allMatch(JsonRpcConnection::isClosed));
			for (Client client : clients) {
				client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_ws.test/echo\",\"params\":{}}");
			}
		}
		finally {
			gate.release.countDown();
		}
		for (Client client : clients) {
			// a request sent during the drain is refused -32800 if the server still reads
			// it (the web server's own graceful shutdown may stop reading first), and the
			// request in flight is answered before the socket closes with 1001
			JsonNode message = this.mapper.readTree(client.next());
			if (message.at("/id").asInt() == 2) {
				assertThat(message.at("/error/code").asInt()).isEqualTo(-32800);
				message = this.mapper.readTree(client.next());
			}
			assertThat(message.at("/id").asInt()).isEqualTo(1);
			assertThat(message.at("/result/waited").asBoolean()).isTrue();
			assertThat(client.closed.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).getCode()).isEqualTo(1001);
		}
		closer.join(TIMEOUT.toMillis());
	}

	@Test
	void requestsInFlightPerSocketAreBounded() throws Exception {
		int port = start("--acp.websocket.max-requests-in-flight=2");
		Gate gate = this.context.getBean(Gate.class);
		Client client = Client.connect(port);
		client.initialize();
		try {
			for (int id = 1; id <= 2; id++) {
				client.send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"_ws.test/wait\",\"params\":{}}");
			}
			Awaitility.await().atMost(TIMEOUT).until(() -> gate.entered.get() == 2);
			client.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"_ws.test/wait\",\"params\":{}}");
			JsonNode busy = this.mapper.readTree(client.next());
			assertThat(busy.at("/id").asInt()).isEqualTo(3);
			assertThat(busy.at("/error/code").asInt()).isEqualTo(-32001);
			// another socket is not affected
			Client other = Client.connect(port);
			other.initialize();
			other.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"_ws.test/echo\",\"params\":{}}");
			assertThat(this.mapper.readTree(other.next()).at("/id").asInt()).isEqualTo(7);
		}
		finally {
			gate.release.countDown();
		}
		assertThat(this.mapper.readTree(client.next()).at("/result/waited").asBoolean()).isTrue();
		assertThat(this.mapper.readTree(client.next()).at("/result/waited").asBoolean()).isTrue();
	}

	@Test
	void idleSocketsAreClosed() throws Exception {
		int port = start("--acp.websocket.idle-timeout=1s");
		Client client = Client.connect(port);
		client.initialize();
		// the container checks for idle sockets about every ten seconds
		assertThat(client.closed.get(60, TimeUnit.SECONDS)).isNotNull();
		Awaitility.await()
			.atMost(TIMEOUT)
			.until(() -> this.context.getBean(AcpWebSocketHandler.class).openConnections() == 0);
	}

	@Test
	void aClientThatDoesNotReadIsDisconnectedAndOthersGoOn() throws Exception {
		int port = start("--acp.websocket.send-buffer-size=256KB", "--acp.websocket.send-time-limit=2s");
		AcpWebSocketHandler handler = this.context.getBean(AcpWebSocketHandler.class);
		try (RawSocket slow = RawSocket.open(port, Map.of())) {
			assertThat(slow.statusLine()).startsWith("HTTP/1.1 101");
			slow.sendText(
					"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			for (int id = 1; id <= 40; id++) {
				slow.sendText("{\"jsonrpc\":\"2.0\",\"id\":" + id
						+ ",\"method\":\"_ws.test/big\",\"params\":{\"size\":1048576}}");
			}
			Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> handler.openConnections() == 0);
		}
		Client client = Client.connect(port);
		client.initialize();
	}

	@Test
	void aLargeMessageLeavesNoBufferBehind() throws Exception {
		int port = start();
		AcpWebSocketHandler handler = this.context.getBean(AcpWebSocketHandler.class);
		Client client = Client.connect(port);
		client.initialize();
		String big = "z".repeat(3 * 1024 * 1024);
		// the server reads it in parts (its buffer is far smaller) and joins them
		client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_ws.test/size\",\"params\":{\"s\":\"" + big + "\"}}");
		assertThat(this.mapper.readTree(client.next()).at("/result/size").asInt()).isEqualTo(big.length());
		assertThat(handler.retainedBufferBytes()).isZero();
		// a message split across parts with a surrogate pair at the boundary stays intact
		String emoji = "\uD83D\uDE00".repeat(200_000);
		client.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"_ws.test/size\",\"params\":{\"s\":\"" + emoji + "\"}}");
		assertThat(this.mapper.readTree(client.next()).at("/result/size").asInt()).isEqualTo(emoji.length());
		assertThat(handler.retainedBufferBytes()).isZero();
	}

	@Test
	void defaultOriginsAreSameOriginAndClientsWithoutOrigin() throws Exception {
		int port = start();
		// the refused handshake first, while no other socket exists: it opens no
		// connection
		assertThat(RawSocket.statusOf(port, Map.of("Origin", "https://evil.example"))).startsWith("HTTP/1.1 403");
		assertThat(this.context.getBean(JsonRpcConnectionFactory.class).openConnections()).isEmpty();
		assertThat(RawSocket.statusOf(port, Map.of())).startsWith("HTTP/1.1 101");
		assertThat(RawSocket.statusOf(port, Map.of("Origin", "http://localhost:" + port))).startsWith("HTTP/1.1 101");
	}

	@Test
	void allowedOriginsAreOriginPatterns() throws Exception {
		int port = start("--acp.websocket.allowed-origins=https://*.example.com,http://127.0.0.1:[*]");
		assertThat(RawSocket.statusOf(port, Map.of("Origin", "https://app.example.com"))).startsWith("HTTP/1.1 101");
		assertThat(RawSocket.statusOf(port, Map.of("Origin", "http://127.0.0.1:5173"))).startsWith("HTTP/1.1 101");
		assertThat(RawSocket.statusOf(port, Map.of())).startsWith("HTTP/1.1 101");
		assertThat(RawSocket.statusOf(port, Map.of("Origin", "https://example.org"))).startsWith("HTTP/1.1 403");
		assertThat(RawSocket.statusOf(port, Map.of("Origin", "https://app.example.com.evil.org")))
			.startsWith("HTTP/1.1 403");
		Awaitility.await()
			.atMost(TIMEOUT)
			.until(() -> this.context.getBean(AcpWebSocketHandler.class).openConnections() == 0);
	}

	@Test
	void bearerTokenIsRequiredOnTheHandshake(CapturedOutput output) throws Exception {
		String token = "s3cr3t-" + UUID.randomUUID();
		int port = start("--acp.websocket.auth.bearer-token=" + token);
		String refused = RawSocket.headOf(port, Map.of());
		assertThat(refused).startsWith("HTTP/1.1 401").containsPattern("(?im)^www-authenticate: Bearer");
		assertThat(RawSocket.statusOf(port, Map.of("Authorization", "Bearer wrong"))).startsWith("HTTP/1.1 401");
		assertThat(RawSocket.statusOf(port, Map.of("Authorization", "Basic " + token))).startsWith("HTTP/1.1 401");
		assertThat(this.context.getBean(JsonRpcConnectionFactory.class).openConnections()).isEmpty();
		Client client = Client.connect(port, "Bearer " + token);
		client.initialize();
		client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_ws.test/whoami\",\"params\":{}}");
		assertThat(this.mapper.readTree(client.next()).at("/result/name").asString())
			.isEqualTo(BearerTokenHandshakeInterceptor.PRINCIPAL_NAME);
		assertThat(output.getAll()).doesNotContain(token);
		assertThat(new BearerTokenHandshakeInterceptor(token).toString()).doesNotContain(token);
	}

	@Test
	void eachPersonsTokenIsAPrincipalOfItsOwn() throws Exception {
		int port = start("--acp.websocket.auth.tokens.alice=alice-" + UUID.randomUUID(),
				"--acp.websocket.auth.tokens.bob=bob-token", "--acp.websocket.auth.bearer-token=shared-token");
		String alice = this.context.getEnvironment().getProperty("acp.websocket.auth.tokens.alice");
		assertThat(RawSocket.statusOf(port, Map.of())).startsWith("HTTP/1.1 401");
		assertThat(whoami(Client.connect(port, "Bearer " + alice))).isEqualTo("alice");
		assertThat(whoami(Client.connect(port, "Bearer bob-token"))).isEqualTo("bob");
		assertThat(whoami(Client.connect(port, "Bearer shared-token"))).isEqualTo(BearerToken.PRINCIPAL_NAME);
	}

	private String whoami(Client client) throws Exception {
		client.initialize();
		client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_ws.test/whoami\",\"params\":{}}");
		return this.mapper.readTree(client.next()).at("/result/name").asString();
	}

	@Test
	void bearerTokenCanComeFromAFile(@TempDir Path directory) throws Exception {
		Path file = Files.writeString(directory.resolve("token"), "from-a-file\n");
		int port = start("--acp.websocket.auth.bearer-token-file=" + file);
		assertThat(RawSocket.statusOf(port, Map.of())).startsWith("HTTP/1.1 401");
		assertThat(RawSocket.statusOf(port, Map.of("Authorization", "Bearer from-a-file"))).startsWith("HTTP/1.1 101");
	}

	@Test
	void springSecurityOnTheHandshakeGivesThePrincipal() throws Exception {
		int port = start(SecuredApplication.class);
		String refused = RawSocket.headOf(port, Map.of());
		assertThat(refused).startsWith("HTTP/1.1 401");
		assertThat(this.context.getBean(JsonRpcConnectionFactory.class).openConnections()).isEmpty();
		String basic = "Basic "
				+ Base64.getEncoder().encodeToString("alice:wonderland".getBytes(StandardCharsets.UTF_8));
		Client client = Client.connect(port, basic);
		client.initialize();
		client.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_ws.test/whoami\",\"params\":{}}");
		assertThat(this.mapper.readTree(client.next()).at("/result/name").asString()).isEqualTo("alice");
	}

	@Test
	void manyConnectionsPipeliningRequestsEachGetTheirOwnAnswers() throws Exception {
		int connections = 200;
		int requests = 100;
		int port = start("--acp.websocket.max-connections=" + connections, "--acp.handlers.queue-capacity=50000",
				"--acp.websocket.max-requests-in-flight=" + requests);
		ExecutorService pool = Executors.newFixedThreadPool(16);
		try {
			List<Future<Client>> opened = new ArrayList<>();
			for (int c = 0; c < connections; c++) {
				opened.add(pool.submit(() -> {
					Client client = Client.connect(port);
					client.initialize();
					return client;
				}));
			}
			List<Client> clients = new ArrayList<>();
			for (Future<Client> future : opened) {
				clients.add(future.get(60, TimeUnit.SECONDS));
			}
			List<Future<?>> sent = new ArrayList<>();
			for (int c = 0; c < connections; c++) {
				int connection = c;
				Client client = clients.get(c);
				sent.add(pool.submit(() -> {
					for (int r = 0; r < requests; r++) {
						client.send(
								"{\"jsonrpc\":\"2.0\",\"id\":" + r + ",\"method\":\"_ws.test/echo\",\"params\":{\"c\":"
										+ connection + ",\"r\":" + r + "}}");
					}
					return null;
				}));
			}
			for (Future<?> future : sent) {
				future.get(60, TimeUnit.SECONDS);
			}
			for (int c = 0; c < connections; c++) {
				Set<Integer> answered = new HashSet<>();
				for (int r = 0; r < requests; r++) {
					JsonNode answer = this.mapper.readTree(clients.get(c).next());
					int id = answer.at("/id").asInt();
					assertThat(answer.at("/result/params/c").asInt()).isEqualTo(c);
					assertThat(answer.at("/result/params/r").asInt()).isEqualTo(id);
					answered.add(id);
				}
				assertThat(answered).hasSize(requests);
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	static final class RawSocket implements AutoCloseable {

		private final Socket socket;

		private final String head;

		private RawSocket(Socket socket, String head) {
			this.socket = socket;
			this.head = head;
		}

		static RawSocket open(int port, Map<String, String> headers) throws Exception {
			Socket socket = new Socket("localhost", port);
			socket.setSoTimeout((int) TIMEOUT.toMillis());
			StringBuilder request = new StringBuilder("GET /acp HTTP/1.1\r\nHost: localhost:" + port
					+ "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
					+ "Sec-WebSocket-Version: 13\r\n");
			headers.forEach((name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
			request.append("\r\n");
			socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
			StringBuilder response = new StringBuilder();
			StringBuilder line = new StringBuilder();
			var in = socket.getInputStream();
			int b;
			while ((b = in.read()) != -1) {
				if (b == '\n') {
					if (line.length() == 0) {
						break;
					}
					response.append(line).append('\n');
					line.setLength(0);
				}
				else if (b != '\r') {
					line.append((char) b);
				}
			}
			return new RawSocket(socket, response.toString());
		}

		static String headOf(int port, Map<String, String> headers) throws Exception {
			try (RawSocket socket = open(port, headers)) {
				return socket.head;
			}
		}

		static String statusOf(int port, Map<String, String> headers) throws Exception {
			return headOf(port, headers);
		}

		String statusLine() {
			return this.head;
		}

		/**
		 * Send one masked text frame (a zero mask: the payload goes as it is).
		 */
		void sendText(String text) throws Exception {
			byte[] payload = text.getBytes(StandardCharsets.UTF_8);
			ByteArrayOutputStream frame = new ByteArrayOutputStream();
			frame.write(0x81);
			if (payload.length < 126) {
				frame.write(0x80 | payload.length);
			}
			else if (payload.length < 65536) {
				frame.write(0x80 | 126);
				frame.write(payload.length >>> 8);
				frame.write(payload.length & 0xff);
			}
			else {
				frame.write(0x80 | 127);
				for (int shift = 56; shift >= 0; shift -= 8) {
					frame.write((int) (((long) payload.length >>> shift) & 0xff));
				}
			}
			frame.write(new byte[4]);
			frame.write(payload);
			this.socket.getOutputStream().write(frame.toByteArray());
			this.socket.getOutputStream().flush();
		}

		@Override
		public void close() throws Exception {
			this.socket.close();
		}

	}

	private static String handshakeResponse(int port) throws Exception {
		try (Socket socket = new Socket("localhost", port)) {
			socket.setSoTimeout((int) TIMEOUT.toMillis());
			String request = "GET /acp HTTP/1.1\r\nHost: localhost:" + port + "\r\nUpgrade: websocket\r\n"
					+ "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
					+ "Sec-WebSocket-Version: 13\r\n\r\n";
			socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
			BufferedReader reader = new BufferedReader(
					new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
			StringBuilder response = new StringBuilder();
			String line;
			while ((line = reader.readLine()) != null && !line.isEmpty()) {
				response.append(line).append('\n');
			}
			return response.toString();
		}
	}

	private static final class Client extends TextWebSocketHandler {

		private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();

		private final CompletableFuture<CloseStatus> closed = new CompletableFuture<>();

		private WebSocketSession session;

		static Client connect(int port) throws Exception {
			return connect(port, null);
		}

		static Client connect(int port, String authorization) throws Exception {
			Client client = new Client();
			StandardWebSocketClient webSocketClient = new StandardWebSocketClient();
			WebSocketHttpHeaders headers = new WebSocketHttpHeaders();
			if (authorization != null) {
				headers.set("Authorization", authorization);
			}
			client.session = webSocketClient.execute(client, headers, URI.create("ws://localhost:" + port + "/acp"))
				.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			client.session.setTextMessageSizeLimit(1024 * 1024);
			return client;
		}

		@Override
		protected void handleTextMessage(WebSocketSession session, TextMessage message) {
			this.messages.add(message.getPayload());
		}

		@Override
		public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
			this.closed.complete(status);
		}

		synchronized void send(String text) throws Exception {
			this.session.sendMessage(new TextMessage(text));
		}

		synchronized void sendInFrames(String text, int frameSize) throws Exception {
			for (int start = 0; start < text.length(); start += frameSize) {
				int end = Math.min(text.length(), start + frameSize);
				this.session.sendMessage(new TextMessage(text.substring(start, end), end == text.length()));
			}
		}

		void initialize() throws Exception {
			send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			assertThat(next()).contains("protocolVersion");
		}

		String next() throws InterruptedException {
			String message = this.messages.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			assertThat(message).as("a message within " + TIMEOUT).isNotNull();
			return message;
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Echo.class)
	static class EchoApplication {

		@Bean
		Gate gate() {
			return new Gate();
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Echo.class)
	static class UserBufferPoolApplication {

		@Bean
		Gate gate() {
			return new Gate();
		}

		@Bean
		TomcatConnectorCustomizer userBufferPool() {
			return (connector) -> connector.setProperty("socket.bufferPool", "100");
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Echo.class)
	static class SecuredApplication {

		@Bean
		Gate gate() {
			return new Gate();
		}

		@Bean
		SecurityFilterChain acpSecurity(HttpSecurity http) throws Exception {
			return http.authorizeHttpRequests((requests) -> requests.requestMatchers("/acp").authenticated())
				.httpBasic(Customizer.withDefaults())
				.build();
		}

		@Bean
		UserDetailsService users() {
			return new InMemoryUserDetailsManager(
					User.withUsername("alice").password("{noop}wonderland").roles("AGENT_USER").build());
		}

	}

	static class Gate {

		final AtomicInteger entered = new AtomicInteger();

		final CountDownLatch release = new CountDownLatch(1);

	}

	static class Echo {

		private final Gate gate;

		Echo(Gate gate) {
			this.gate = gate;
		}

		@AcpMethod("_ws.test/echo")
		Map<String, Object> echo(JsonNode params) {
			return Map.of("params", params);
		}

		@AcpMethod("_ws.test/wait")
		Map<String, Object> waitForTheGate(JsonNode params) throws InterruptedException {
			this.gate.entered.incrementAndGet();
			return Map.of("waited", this.gate.release.await(60, TimeUnit.SECONDS));
		}

		@AcpMethod("_ws.test/big")
		Map<String, Object> big(JsonNode params) {
			return Map.of("data", "b".repeat(params.get("size").asInt()));
		}

		@AcpMethod("_ws.test/size")
		Map<String, Object> size(JsonNode params) {
			return Map.of("size", params.get("s").asString().length());
		}

		@AcpMethod("_ws.test/whoami")
		Map<String, Object> whoami(AcpRequestContext context) {
			Principal principal = context.connection().principal();
			return Map.of("name", (principal != null) ? principal.getName() : "");
		}

	}

}

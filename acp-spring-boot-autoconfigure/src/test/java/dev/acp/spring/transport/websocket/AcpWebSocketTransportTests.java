package dev.acp.spring.transport.websocket;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.protocol.AcpJsonMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
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
class AcpWebSocketTransportTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final JsonMapper mapper = AcpJsonMapper.create();

	private ConfigurableApplicationContext context;

	@AfterEach
	void close() {
		if (this.context != null) {
			this.context.close();
		}
	}

	private int start(String... properties) {
		SpringApplication application = new SpringApplication(EchoApplication.class);
		application.setWebApplicationType(WebApplicationType.SERVLET);
		String[] args = new String[properties.length + 3];
		args[0] = "--acp.transport=websocket";
		args[1] = "--server.port=0";
		args[2] = "--spring.main.banner-mode=off";
		System.arraycopy(properties, 0, args, 3, properties.length);
		this.context = application.run(args);
		return ((WebServerApplicationContext) this.context).getWebServer().getPort();
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
	void binaryFramesCloseTheSocketWith1003() throws Exception {
		int port = start();
		Client client = Client.connect(port);
		client.session.sendMessage(new BinaryMessage(ByteBuffer.wrap(new byte[] { 1, 2, 3 })));
		assertThat(client.closed.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).getCode()).isEqualTo(1003);
	}

	@Test
	void handshakesBeyondTheConnectionLimitAreRefused() throws Exception {
		int port = start("--acp.websocket.max-connections=1");
		Client.connect(port);
		assertThatExceptionOfType(Exception.class).isThrownBy(() -> Client.connect(port));
	}

	@Test
	void shutdownClosesOpenSockets() throws Exception {
		int port = start();
		Client client = Client.connect(port);
		this.context.close();
		this.context = null;
		// the server sends 1001; an in-process client sometimes sees the connector close
		// first (1006), so only the closing is asserted here
		assertThat(client.closed.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isNotNull();
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
			Client client = new Client();
			StandardWebSocketClient webSocketClient = new StandardWebSocketClient();
			client.session = webSocketClient
				.execute(client, new WebSocketHttpHeaders(), URI.create("ws://localhost:" + port + "/acp"))
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

		void send(String text) throws Exception {
			this.session.sendMessage(new TextMessage(text));
		}

		String next() throws InterruptedException {
			String message = this.messages.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			assertThat(message).as("a message within " + TIMEOUT).isNotNull();
			return message;
		}

	}

	@SpringBootApplication
	static class EchoApplication {

		@org.springframework.context.annotation.Bean
		Echo echo() {
			return new Echo();
		}

	}

	static class Echo {

		@AcpMethod("_ws.test/echo")
		Map<String, Object> echo(JsonNode params) {
			return Map.of("params", params);
		}

	}

}

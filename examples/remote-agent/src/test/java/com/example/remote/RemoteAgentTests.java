package com.example.remote;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The agent on a random port: the handshake needs the bearer token.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "acp.websocket.auth.bearer-token=test-token")
class RemoteAgentTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private final HttpClient http = HttpClient.newHttpClient();

	private final JsonMapper json = JsonMapper.builder().build();

	@LocalServerPort
	private int port;

	@Test
	void aHandshakeWithoutTheTokenIsRefused401() {
		assertThatExceptionOfType(CompletionException.class)
			.isThrownBy(() -> this.http.newWebSocketBuilder().buildAsync(uri(), new Messages()).join())
			.havingCause()
			.isInstanceOfSatisfying(WebSocketHandshakeException.class,
					(ex) -> assertThat(ex.getResponse().statusCode()).isEqualTo(401));
	}

	@Test
	void aClientWithTheTokenIsServed() throws Exception {
		Messages messages = new Messages();
		WebSocket socket = this.http.newWebSocketBuilder()
			.header("Authorization", "Bearer test-token")
			.buildAsync(uri(), messages)
			.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		try {
			socket.sendText(
					"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}",
					true);
			assertThat(messages.next().path("result").path("agentInfo").path("name").asString())
				.isEqualTo("remote-agent");
			socket.sendText("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_remote.example/whoami\",\"params\":{}}", true);
			JsonNode answer = messages.next().path("result");
			assertThat(answer.path("principal").asString()).isEqualTo("bearer");
			assertThat(answer.path("transport").asString()).isEqualTo("websocket");
		}
		finally {
			socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
		}
	}

	private URI uri() {
		return URI.create("ws://127.0.0.1:" + this.port + "/acp");
	}

	/**
	 * Collects the text messages of a socket, joining a message's parts.
	 */
	private final class Messages implements WebSocket.Listener {

		private final BlockingQueue<String> received = new LinkedBlockingQueue<>();

		private final StringBuilder partial = new StringBuilder();

		@Override
		public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
			this.partial.append(data);
			if (last) {
				this.received.add(this.partial.toString());
				this.partial.setLength(0);
			}
			webSocket.request(1);
			return null;
		}

		JsonNode next() throws InterruptedException {
			String message = this.received.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			assertThat(message).as("a message within %s", TIMEOUT).isNotNull();
			return RemoteAgentTests.this.json.readTree(message);
		}

	}

}

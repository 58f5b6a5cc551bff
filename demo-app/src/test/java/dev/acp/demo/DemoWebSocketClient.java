package dev.acp.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC client of the demo over WebSocket: sends lines, hands back each message the
 * agent sends, in order.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DemoWebSocketClient implements DemoClient {

	private final BlockingQueue<String> messages = new LinkedBlockingQueue<>();

	private final WebSocket socket;

	private DemoWebSocketClient(URI endpoint) {
		this.socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(endpoint, new Listener()).join();
	}

	static DemoWebSocketClient connect(int port) {
		return connect(URI.create("ws://127.0.0.1:" + port + "/acp"));
	}

	static DemoWebSocketClient connect(URI endpoint) {
		return new DemoWebSocketClient(endpoint);
	}

	@Override
	public void send(String message) {
		this.socket.sendText(message, true).join();
	}

	@Override
	public JsonNode next(Duration timeout) throws InterruptedException {
		String message = this.messages.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
		if (message == null) {
			throw new AssertionError("No message from the agent within " + timeout);
		}
		return DemoAgentProcess.mapper.readTree(message);
	}

	@Override
	public void close() {
		this.socket.abort();
	}

	private final class Listener implements WebSocket.Listener {

		private final StringBuilder partial = new StringBuilder();

		@Override
		public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
			this.partial.append(data);
			if (last) {
				DemoWebSocketClient.this.messages.add(this.partial.toString());
				this.partial.setLength(0);
			}
			webSocket.request(1);
			return null;
		}

	}

}

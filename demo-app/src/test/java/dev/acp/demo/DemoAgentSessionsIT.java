package dev.acp.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo jar over WebSocket keeps its sessions: a session created and prompted on one
 * connection is listed, and loaded on another connection with its history replayed in
 * order (each turn's prompt, then the agent's chunk) before the answer.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoAgentSessionsIT {

	private static final Duration STARTUP = Duration.ofSeconds(90);

	private static final Duration TIMEOUT = Duration.ofSeconds(30);

	private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");

	private static final JsonMapper json = JsonMapper.builder().build();

	@Test
	void aSessionIsListedAndLoadedOnAnotherConnectionWithItsHistoryInOrder() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0")) {
			URI uri = URI.create("ws://127.0.0.1:" + port(agent) + "/acp");
			HttpClient http = HttpClient.newHttpClient();
			Socket first = new Socket(http, uri);
			JsonNode capabilities = first.call(0, "initialize", "{\"protocolVersion\":1}")
				.at("/result/agentCapabilities");
			assertThat(capabilities.get("loadSession").asBoolean()).isTrue();
			assertThat(capabilities.at("/sessionCapabilities/list").isObject()).isTrue();
			String sessionId = first.call(1, "session/new", "{\"cwd\":\"/work/demo\",\"mcpServers\":[]}")
				.at("/result/sessionId")
				.asString();
			assertThat(sessionId).matches("sess_[0-9a-f]{32}");
			for (String text : List.of("first prompt", "second prompt")) {
				first.send(2, "session/prompt", "{\"sessionId\":\"" + sessionId
						+ "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}");
				assertThat(first.untilAnswer()).containsExactly("agent_message_chunk:" + text, "answer");
			}
			JsonNode listed = first.call(3, "session/list", "{\"cwd\":\"/work/demo\"}").at("/result/sessions");
			assertThat(listed).hasSize(1);
			assertThat(listed.at("/0/sessionId").asString()).isEqualTo(sessionId);
			assertThat(listed.at("/0/cwd").asString()).isEqualTo("/work/demo");

			Socket second = new Socket(http, uri);
			second.call(0, "initialize", "{\"protocolVersion\":1}");
			second.send(1, "session/load",
					"{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work/demo\",\"mcpServers\":[]}");
			assertThat(second.untilAnswer()).containsExactly("user_message_chunk:first prompt",
					"agent_message_chunk:first prompt", "user_message_chunk:second prompt",
					"agent_message_chunk:second prompt", "answer");
			second.send(2, "session/prompt",
					"{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"third\"}]}");
			assertThat(second.untilAnswer()).containsExactly("agent_message_chunk:third", "answer");
			first.close();
			second.close();
		}
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
	 * One WebSocket connection to the agent, collecting its text messages.
	 */
	private static final class Socket implements WebSocket.Listener {

		private final BlockingQueue<String> received = new LinkedBlockingQueue<>();

		private final StringBuilder partial = new StringBuilder();

		private final WebSocket socket;

		Socket(HttpClient http, URI uri) {
			this.socket = http.newWebSocketBuilder().buildAsync(uri, this).join();
		}

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

		void send(int id, String method, String params) {
			this.socket
				.sendText("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params
						+ "}", true)
				.join();
		}

		JsonNode call(int id, String method, String params) throws InterruptedException {
			send(id, method, params);
			JsonNode answer = next();
			assertThat(answer.has("result")).as("%s answered %s", method, answer).isTrue();
			return answer;
		}

		JsonNode next() throws InterruptedException {
			String message = this.received.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			assertThat(message).as("a message within %s", TIMEOUT).isNotNull();
			return json.readTree(message);
		}

		/**
		 * The messages up to the answer of the request sent last: "kind:text" per update,
		 * then "answer".
		 */
		List<String> untilAnswer() throws InterruptedException {
			List<String> seen = new ArrayList<>();
			while (true) {
				JsonNode message = next();
				if (message.has("id")) {
					seen.add(message.has("result") ? "answer" : "error " + message.get("error"));
					return seen;
				}
				JsonNode update = message.at("/params/update");
				seen.add(update.get("sessionUpdate").asString() + ":" + update.at("/content/text").asString());
			}
		}

		void close() {
			this.socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
		}

	}

}

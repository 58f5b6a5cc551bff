package dev.acp.demo;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the demo agent ends over Streamable HTTP on SIGTERM while a client holds an event
 * stream open and does not read it: the reader is cut off within the drain bound, so the
 * process exits without waiting for the web server's whole shutdown phase (30 s).
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoAgentHttpShutdownIT {

	private static final Duration STARTUP = Duration.ofSeconds(120);

	private static final Duration DRAIN = Duration.ofSeconds(1);

	/**
	 * The shutdown waits at most the drain, then two seconds for the readers to take the
	 * last events, then closes them; the rest is closing the context, with room for a
	 * loaded machine (and far under Boot's 30 s phase).
	 */
	private static final Duration CLOSE_GRACE = Duration.ofSeconds(8);

	private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");

	private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	@Test
	void sigtermWithAnEventStreamReaderThatDoesNotReadExitsWithinTheDrainBound() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=http", "--server.port=0",
				"--acp.websocket.drain-timeout=" + DRAIN.toMillis() + "ms")) {
			int port = port(agent);
			URI endpoint = URI.create("http://127.0.0.1:" + port + "/acp");
			HttpResponse<String> initialized = post(endpoint, null,
					"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
			assertThat(initialized.statusCode()).isEqualTo(200);
			String connectionId = initialized.headers().firstValue("Acp-Connection-Id").orElseThrow();
			try (Socket reader = new Socket()) {
				// a reader that takes the head of its stream, then nothing: a small
				// receive buffer, so the agent's writes to it stall at once
				reader.setReceiveBufferSize(4096);
				reader.connect(new InetSocketAddress("127.0.0.1", port));
				reader.getOutputStream()
					.write(("GET /acp HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nAccept: text/event-stream\r\n"
							+ "Acp-Connection-Id: " + connectionId + "\r\n\r\n")
						.getBytes(StandardCharsets.US_ASCII));
				assertThat(head(reader.getInputStream())).startsWith("HTTP/1.1 200");
				// 8 MB of answers for the stream: more than the sockets between us hold,
				// less than the send buffer (16 MB) that would detach the reader
				String text = "x".repeat(100_000);
				for (int id = 1; id <= 80; id++) {
					assertThat(post(endpoint, connectionId,
							"{\"jsonrpc\":\"2.0\",\"id\":" + id
									+ ",\"method\":\"_demo.acp/echo\",\"params\":{\"text\":\"" + text + "\"}}")
						.statusCode()).isEqualTo(202);
				}
				agent.terminate();
				long terminated = System.nanoTime();
				agent.awaitExit(STARTUP);
				Duration exit = Duration.ofNanos(System.nanoTime() - terminated);
				assertThat(exit).as(agent::stderrQuietly).isLessThan(DRAIN.plus(CLOSE_GRACE));
			}
		}
	}

	private HttpResponse<String> post(URI endpoint, String connectionId, String json) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json));
		if (connectionId != null) {
			request.header("Acp-Connection-Id", connectionId);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private static String head(InputStream in) throws Exception {
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

}

package dev.acp.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Streamable HTTP client of one connection: {@code initialize} answered in the POST's
 * body, then every later message read from the connection's event stream (a session
 * without a stream of its own sends there too).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DemoHttpClient implements DemoClient {

	private final HttpClient http = HttpClient.newHttpClient();

	private final URI endpoint;

	private final JsonNode initialized;

	private final String connectionId;

	private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();

	private final CompletableFuture<HttpResponse<Stream<String>>> stream;

	private DemoHttpClient(URI endpoint, String initializeParams) throws Exception {
		this.endpoint = endpoint;
		HttpResponse<String> initialized = this.http.send(request(null, null)
			.POST(BodyPublishers.ofString(
					"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":" + initializeParams + "}"))
			.build(), BodyHandlers.ofString());
		assertThat(initialized.statusCode()).as(initialized.body()).isEqualTo(200);
		this.initialized = DemoAgentProcess.mapper.readTree(initialized.body());
		this.connectionId = initialized.headers().firstValue("Acp-Connection-Id").orElseThrow();
		this.stream = this.http.sendAsync(HttpRequest.newBuilder(endpoint)
			.header("Accept", "text/event-stream")
			.header("Acp-Connection-Id", this.connectionId)
			.GET()
			.build(), BodyHandlers.ofLines());
		this.stream.thenAccept((response) -> response.body()
			.filter((line) -> line.startsWith("data:"))
			.forEach((line) -> this.received.add(DemoAgentProcess.mapper.readTree(line.substring(5).trim()))));
	}

	static DemoHttpClient connect(int port) throws Exception {
		return connect(URI.create("http://127.0.0.1:" + port + "/acp"), "{\"protocolVersion\":1}");
	}

	/**
	 * Open a connection: {@code initialize} with these params, answered in the body.
	 */
	static DemoHttpClient connect(URI endpoint, String initializeParams) throws Exception {
		return new DemoHttpClient(endpoint, initializeParams);
	}

	/** The answer to {@code initialize}. */
	JsonNode initialized() {
		return this.initialized;
	}

	/**
	 * POST a message, with {@code Acp-Session-Id} when its params name a session: the
	 * transport answers {@code 202} at once.
	 */
	@Override
	public void send(String message) throws Exception {
		JsonNode sessionId = DemoAgentProcess.mapper.readTree(message).at("/params/sessionId");
		HttpResponse<String> response = this.http
			.send(request(this.connectionId, sessionId.isString() ? sessionId.asString() : null)
				.POST(BodyPublishers.ofString(message))
				.build(), BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
	}

	@Override
	public JsonNode next(Duration timeout) throws InterruptedException {
		JsonNode message = this.received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
		assertThat(message).as("a message on the connection's event stream within " + timeout).isNotNull();
		return message;
	}

	private HttpRequest.Builder request(String connectionId, String sessionId) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(this.endpoint).header("Content-Type", "application/json");
		if (connectionId != null) {
			builder.header("Acp-Connection-Id", connectionId);
		}
		if (sessionId != null) {
			builder.header("Acp-Session-Id", sessionId);
		}
		return builder;
	}

	/**
	 * End the connection ({@code DELETE}, whatever it answers: the instance may be gone)
	 * and stop reading its stream.
	 */
	@Override
	public void close() {
		try {
			this.http.send(request(this.connectionId, null).DELETE().build(), BodyHandlers.discarding());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Exception ex) {
			// the connection is gone with its instance
		}
		finally {
			this.stream.cancel(true);
		}
	}

}

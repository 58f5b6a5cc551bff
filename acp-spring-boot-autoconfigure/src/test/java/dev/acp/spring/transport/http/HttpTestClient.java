package dev.acp.spring.transport.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A plain Streamable HTTP client for tests, on {@link HttpClient}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HttpTestClient {

	static final Duration TIMEOUT = Duration.ofSeconds(10);

	static final JsonMapper MAPPER = AcpJsonMapper.create();

	private final HttpClient http;

	private final URI uri;

	String connectionId;

	/** The {@code Authorization} header of every request, or {@code null}. */
	String authorization;

	HttpTestClient(int port) {
		this(port, HttpClient.Version.HTTP_1_1);
	}

	HttpTestClient(int port, HttpClient.Version version) {
		this(port, HttpClient.newBuilder().version(version).connectTimeout(TIMEOUT));
	}

	HttpTestClient(int port, HttpClient.Builder builder) {
		this.http = builder.connectTimeout(TIMEOUT).build();
		this.uri = URI.create("http://localhost:" + port + "/acp");
	}

	HttpClient http() {
		return this.http;
	}

	HttpRequest.Builder request() {
		HttpRequest.Builder builder = HttpRequest.newBuilder(this.uri).timeout(TIMEOUT);
		if (this.connectionId != null) {
			builder.header("Acp-Connection-Id", this.connectionId);
		}
		if (this.authorization != null) {
			builder.header("Authorization", this.authorization);
		}
		return builder;
	}

	HttpResponse<String> send(HttpRequest request) {
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	HttpResponse<String> post(String json) {
		return post(json, null);
	}

	HttpResponse<String> post(String json, String sessionId) {
		HttpRequest.Builder builder = request().header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json));
		if (sessionId != null) {
			builder.header("Acp-Session-Id", sessionId);
		}
		return send(builder.build());
	}

	/**
	 * POST {@code initialize}, keep the connection id.
	 * @return the answer
	 */
	JsonNode initialize(String capabilities) {
		HttpResponse<String> response = post(
				"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1"
						+ ((capabilities != null) ? ",\"clientCapabilities\":" + capabilities : "") + "}}");
		assertThat(response.statusCode()).isEqualTo(200);
		this.connectionId = response.headers().firstValue("Acp-Connection-Id").orElseThrow();
		return MAPPER.readTree(response.body());
	}

	JsonNode initialize() {
		return initialize("{\"_meta\":{\"http.test\":{},\"client.test\":{}}}");
	}

	HttpResponse<String> delete() {
		return send(request().DELETE().build());
	}

	Events open(String sessionId) {
		HttpRequest.Builder builder = request().header("Accept", "text/event-stream").GET();
		if (sessionId != null) {
			builder.header("Acp-Session-Id", sessionId);
		}
		try {
			HttpResponse<Stream<String>> response = this.http.send(builder.build(),
					HttpResponse.BodyHandlers.ofLines());
			return new Events(response);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The events of one open stream, read on a thread of their own.
	 */
	static final class Events implements AutoCloseable {

		final HttpResponse<Stream<String>> response;

		final BlockingQueue<String> data = new LinkedBlockingQueue<>();

		final CompletableFuture<Void> ended = new CompletableFuture<>();

		final CompletableFuture<String> comment = new CompletableFuture<>();

		Events(HttpResponse<Stream<String>> response) {
			this.response = response;
			if (response.statusCode() != 200) {
				this.ended.complete(null);
				return;
			}
			Thread reader = new Thread(() -> {
				try (Stream<String> lines = response.body()) {
					lines.forEach((line) -> {
						if (line.startsWith("data: ")) {
							this.data.add(line.substring(6));
						}
						else if (line.startsWith(":")) {
							this.comment.complete(line);
						}
					});
				}
				catch (RuntimeException ex) {
					// the stream was closed
				}
				finally {
					this.ended.complete(null);
				}
			}, "sse-reader");
			reader.setDaemon(true);
			reader.start();
		}

		int status() {
			return this.response.statusCode();
		}

		JsonNode next() throws InterruptedException {
			String event = this.data.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			assertThat(event).as("an event within " + TIMEOUT).isNotNull();
			return MAPPER.readTree(event);
		}

		void awaitEnd() throws Exception {
			this.ended.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		}

		@Override
		public void close() {
			if (this.response.statusCode() == 200) {
				this.response.body().close();
			}
		}

	}

}

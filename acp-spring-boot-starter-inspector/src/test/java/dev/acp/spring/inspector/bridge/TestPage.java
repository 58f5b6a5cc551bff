package dev.acp.spring.inspector.bridge;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.fail;

/**
 * A page of the inspector as the tests drive it: a WebSocket client of
 * {@code /inspector/agent} that keeps every message it receives, in order.
 */
final class TestPage implements WebSocket.Listener, AutoCloseable {

	static final Duration WAIT = Duration.ofSeconds(60);

	private static final AtomicInteger ids = new AtomicInteger(1000);

	private final JsonMapper mapper = JsonMapper.builder().build();

	private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();

	private final CompletableFuture<Integer> closed = new CompletableFuture<>();

	private final StringBuilder partial = new StringBuilder();

	private final List<JsonNode> seen = new CopyOnWriteArrayList<>();

	private WebSocket socket;

	static CompletableFuture<WebSocket> open(URI uri, Map<String, String> headers, WebSocket.Listener listener) {
		WebSocket.Builder builder = HttpClient.newHttpClient().newWebSocketBuilder();
		headers.forEach(builder::header);
		return builder.buildAsync(uri, listener);
	}

	static TestPage connect(int port, String token) {
		TestPage page = new TestPage();
		page.socket = open(URI.create("ws://127.0.0.1:" + port + "/inspector/agent?token=" + token), Map.of(), page)
			.orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS)
			.join();
		return page;
	}

	static int nextId() {
		return ids.incrementAndGet();
	}

	@Override
	public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
		this.partial.append(data);
		if (last) {
			String text = this.partial.toString();
			this.partial.setLength(0);
			this.received.add(this.mapper.readTree(text));
		}
		webSocket.request(1);
		return null;
	}

	@Override
	public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
		this.closed.complete(statusCode);
		return null;
	}

	@Override
	public void onError(WebSocket webSocket, Throwable error) {
		this.closed.completeExceptionally(error);
	}

	void send(String text) {
		this.socket.sendText(text, true).orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
	}

	void send(JsonNode message) {
		send(this.mapper.writeValueAsString(message));
	}

	/**
	 * Send a request and wait for its response (what arrives before it is passed over).
	 */
	JsonNode call(String method, String paramsJson) {
		int id = nextId();
		send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + paramsJson + "}");
		return await((message) -> message.path("id").asInt(-1) == id && !message.has("method"));
	}

	/**
	 * The next received message that matches, passing over those that do not.
	 */
	JsonNode await(Predicate<JsonNode> condition) {
		long deadline = System.nanoTime() + WAIT.toNanos();
		try {
			while (true) {
				JsonNode message = this.received.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
				if (message == null) {
					return fail("No matching message within " + WAIT);
				}
				this.seen.add(message);
				if (condition.test(message)) {
					return message;
				}
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return fail("Interrupted");
		}
	}

	/**
	 * Every message awaited or passed over so far, in order.
	 */
	List<JsonNode> seen() {
		return this.seen;
	}

	JsonNode awaitUpdate(String kind) {
		return await((message) -> "session/update".equals(message.path("method").asString(""))
				&& kind.equals(message.path("params").path("update").path("sessionUpdate").asString("")));
	}

	JsonNode awaitRequest(String method) {
		return await((message) -> method.equals(message.path("method").asString("")) && message.has("id"));
	}

	JsonNode awaitControl(String kind) {
		return await((message) -> kind.equals(message.path("inspector").asString("")));
	}

	int awaitClose() {
		return this.closed.orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
	}

	@Override
	public void close() {
		if (!this.socket.isOutputClosed()) {
			this.socket.sendClose(WebSocket.NORMAL_CLOSURE, "").orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).join();
		}
		this.closed.orTimeout(WAIT.toSeconds(), TimeUnit.SECONDS).exceptionally((ex) -> -1).join();
	}

}

package dev.acp.spring.test.ai;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An OpenAI-compatible Chat Completions server on 127.0.0.1 that answers each request
 * with the next scripted stream of server-sent events. It stands in for the paid model
 * service only; the client side is Spring AI's real OpenAI module.
 */
public final class ScriptedOpenAiServer implements AutoCloseable {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpServer server;

	private final BlockingQueue<Script> scripts = new LinkedBlockingQueue<>();

	private final List<JsonNode> requests = new CopyOnWriteArrayList<>();

	private final List<String> paths = new CopyOnWriteArrayList<>();

	private volatile boolean stopped;

	public ScriptedOpenAiServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.setExecutor(Executors.newCachedThreadPool());
		this.server.createContext("/", this::serve);
		this.server.start();
	}

	public String baseUrl() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort();
	}

	/** The paths of the requests received, in order. */
	public List<String> paths() {
		return this.paths;
	}

	/** The request bodies received, in order. */
	public List<JsonNode> requests() {
		return this.requests;
	}

	/** Answer the next request with these text deltas, then {@code finish_reason}. */
	public ScriptedOpenAiServer text(String finishReason, String... deltas) {
		List<String> events = new ArrayList<>();
		events.add(chunk(Map.of("role", "assistant", "content", ""), null));
		for (String delta : deltas) {
			events.add(chunk(Map.of("content", delta), null));
		}
		events.add(chunk(Map.of(), finishReason));
		events.add(usage(12, 5));
		this.scripts.add(new Script(events, null));
		return this;
	}

	/** Answer the next request with one call of a tool. */
	public ScriptedOpenAiServer toolCall(String id, String name, String arguments) {
		Map<String, Object> call = Map.of("index", 0, "id", id, "type", "function", "function",
				Map.of("name", name, "arguments", arguments));
		List<String> events = List.of(chunk(Map.of("role", "assistant", "tool_calls", List.of(call)), null),
				chunk(Map.of(), "tool_calls"));
		this.scripts.add(new Script(events, null));
		return this;
	}

	/**
	 * Answer the next request with these deltas and then hold the stream open: the
	 * returned hold tells when they were sent and when the client closed the stream.
	 */
	public Hold textThenHold(String... deltas) {
		List<String> events = new ArrayList<>();
		events.add(chunk(Map.of("role", "assistant", "content", ""), null));
		for (String delta : deltas) {
			events.add(chunk(Map.of("content", delta), null));
		}
		Hold hold = new Hold();
		this.scripts.add(new Script(events, hold));
		return hold;
	}

	private void serve(HttpExchange exchange) throws IOException {
		try (exchange) {
			this.paths.add(exchange.getRequestURI().getPath());
			this.requests.add(JSON.readTree(exchange.getRequestBody().readAllBytes()));
			Script script = this.scripts.poll();
			if (script == null) {
				exchange.sendResponseHeaders(500, -1);
				return;
			}
			exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
			exchange.sendResponseHeaders(200, 0);
			OutputStream body = exchange.getResponseBody();
			for (String event : script.events()) {
				send(body, "data: " + event);
			}
			if (script.hold() == null) {
				send(body, "data: [DONE]");
				return;
			}
			script.hold().sent.countDown();
			holdUntilClosed(body, script.hold());
		}
	}

	// The JDK server tells a closed connection only by a failing write: once the test has
	// cancelled, write SSE comments until a write fails (a client still reading would
	// keep
	// taking them, so the test's bounded wait for the close fails).
	private void holdUntilClosed(OutputStream body, Hold hold) {
		try {
			hold.cancelled.await(30, TimeUnit.SECONDS);
			byte[] comment = ": keep-alive\n\n".getBytes(StandardCharsets.UTF_8);
			while (!this.stopped) {
				body.write(comment);
				body.flush();
			}
		}
		catch (IOException ex) {
			hold.closed.countDown();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void send(OutputStream body, String line) throws IOException {
		body.write((line + "\n\n").getBytes(StandardCharsets.UTF_8));
		body.flush();
	}

	private static String chunk(Map<String, Object> delta, String finishReason) {
		Map<String, Object> choice = new java.util.LinkedHashMap<>();
		choice.put("index", 0);
		choice.put("delta", delta);
		choice.put("finish_reason", finishReason);
		return JSON.writeValueAsString(Map.of("id", "chatcmpl-1", "object", "chat.completion.chunk", "created",
				1_700_000_000, "model", "scripted", "choices", List.of(choice)));
	}

	private static String usage(int prompt, int completion) {
		return JSON.writeValueAsString(Map.of("id", "chatcmpl-1", "object", "chat.completion.chunk", "created",
				1_700_000_000, "model", "scripted", "choices", List.of(), "usage",
				Map.of("prompt_tokens", prompt, "completion_tokens", completion, "total_tokens", prompt + completion)));
	}

	@Override
	public void close() {
		this.stopped = true;
		this.server.stop(0);
	}

	private record Script(List<String> events, Hold hold) {
	}

	/** A stream held open by the server. */
	public static final class Hold {

		public final CountDownLatch sent = new CountDownLatch(1);

		public final CountDownLatch cancelled = new CountDownLatch(1);

		public final CountDownLatch closed = new CountDownLatch(1);

	}

}

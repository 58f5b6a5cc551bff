package dev.acp.spring.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

import dev.acp.spring.jsonrpc.InboundRequest;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.jsonrpc.JsonRpcHandler;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.transport.stdio.StdioTransport;
import tools.jackson.databind.JsonNode;

/**
 * A scripted ACP agent run as a separate process by the client tests: what a prompt turn
 * does is named by the prompt's text. {@code AGENT_PROTOCOL_VERSION} sets the version it
 * answers; {@code AGENT_STUBBORN=true} makes it ignore the end of its input and SIGTERM;
 * {@code AGENT_LOAD_SESSION=false} leaves {@code loadSession} unadvertised;
 * {@code AGENT_TERMINAL_AUTH=true} offers a terminal auth method too;
 * {@code AGENT_CLOSE=true} advertises {@code session/close}.
 */
public final class ScriptedAgent implements JsonRpcHandler {

	private final JsonRpcConnection[] connection = new JsonRpcConnection[1];

	private volatile JsonNode initializeParams;

	private volatile JsonNode sessionNewParams;

	private static final java.io.ByteArrayOutputStream input = new java.io.ByteArrayOutputStream();

	private final CountDownLatch cancelled = new CountDownLatch(1);

	public static void main(String[] args) throws Exception {
		boolean stubborn = "true".equals(System.getenv("AGENT_STUBBORN"));
		if (stubborn) {
			Runtime.getRuntime().addShutdownHook(new Thread(() -> {
				try {
					Thread.sleep(60_000);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}));
		}
		ScriptedAgent agent = new ScriptedAgent();
		JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(new JsonRpcCodec(AcpJsonMapper.create()),
				Executors.newCachedThreadPool(), Duration.ofSeconds(30), (rpc) -> {
					agent.connection[0] = rpc;
					return agent;
				});
		CountDownLatch ended = new CountDownLatch(1);
		System.err.println("scripted agent started");
		java.io.InputStream recorded = new java.io.FilterInputStream(System.in) {
			@Override
			public int read(byte[] buffer, int offset, int length) throws java.io.IOException {
				int read = super.read(buffer, offset, length);
				if (read > 0) {
					synchronized (input) {
						input.write(buffer, offset, read);
					}
				}
				return read;
			}
		};
		new StdioTransport(factory, recorded, System.out, 1 << 20, Duration.ofSeconds(1), Duration.ZERO,
				ended::countDown)
			.start();
		ended.await();
		if (stubborn) {
			Thread.sleep(60_000);
		}
		System.exit(0);
	}

	@Override
	public CompletionStage<?> handleRequest(InboundRequest request) {
		JsonNode params = request.params();
		switch (request.method()) {
			case "initialize" -> {
				this.initializeParams = params;
				String version = System.getenv("AGENT_PROTOCOL_VERSION");
				Map<String, Object> result = new LinkedHashMap<>();
				result.put("protocolVersion", (version != null) ? Integer.parseInt(version) : 1);
				Map<String, Object> capabilities = new LinkedHashMap<>();
				capabilities.put("loadSession", !"false".equals(System.getenv("AGENT_LOAD_SESSION")));
				if ("true".equals(System.getenv("AGENT_CLOSE"))) {
					capabilities.put("sessionCapabilities", Map.of("close", Map.of()));
				}
				capabilities.put("_meta", Map.of("example.com", Map.of("methods", List.of("_example.com/echo"))));
				result.put("agentCapabilities", capabilities);
				result
					.put("authMethods",
							"true".equals(System.getenv("AGENT_TERMINAL_AUTH"))
									? List.of(Map.of("id", "token", "name", "Token"),
											Map.of("id", "tui", "name", "Log in", "type", "terminal", "args",
													List.of("--login")))
									: List.of(Map.of("id", "token", "name", "Token")));
				result.put("agentInfo", Map.of("name", "scripted-agent", "version", "1.0"));
				return done(result);
			}
			case "authenticate" -> {
				return done(Map.of());
			}
			case "session/new" -> {
				this.sessionNewParams = params;
				return done(Map.of("sessionId", "s-" + params.get("cwd").asString().hashCode(), "modes",
						Map.of("currentModeId", "ask", "availableModes",
								List.of(Map.of("id", "ask", "name", "Ask"), Map.of("id", "code", "name", "Code")))));
			}
			case "session/set_mode" -> {
				String sessionId = params.get("sessionId").asString();
				this.connection[0].notify("session/update", Map.of("sessionId", sessionId, "update",
						Map.of("sessionUpdate", "current_mode_update", "currentModeId", params.get("modeId"))));
				return done(Map.of());
			}
			case "session/set_config_option" -> {
				return done(Map.of("configOptions", List.of(Map.of("type", "select", "id",
						params.get("configId").asString(), "name", "Model", "currentValue",
						params.get("value").asString(), "options",
						List.of(Map.of("value", "fast", "name", "Fast"), Map.of("value", "smart", "name", "Smart"))))));
			}
			case "session/load" -> {
				String sessionId = params.get("sessionId").asString();
				update(sessionId, "replayed 1");
				update(sessionId, "replayed 2");
				return done(Map.of());
			}
			case "session/close" -> {
				return done(Map.of());
			}
			case "_example.com/echo" -> {
				return done(params);
			}
			case "session/prompt" -> {
				return prompt(params);
			}
			default -> {
				return CompletableFuture.failedFuture(new JsonRpcException(-32601, "Method not found", null));
			}
		}
	}

	private CompletionStage<?> prompt(JsonNode params) {
		String sessionId = params.get("sessionId").asString();
		String text = params.get("prompt").get(0).get("text").asString();
		String[] words = text.split(" ");
		Map<String, Object> meta = new LinkedHashMap<>();
		switch (words[0]) {
			case "initialize-params" -> meta.put("initialize", this.initializeParams);
			case "session-new-params" -> meta.put("sessionNew", this.sessionNewParams);
			case "input-lines" -> meta.put("lines", inputLines());
			case "notify" -> {
				this.connection[0].notify(words[1], Map.of("sessionId", sessionId));
				update(sessionId, "after " + words[1]);
			}
			case "updates" -> {
				int count = Integer.parseInt(words[1]);
				for (int i = 0; i < count; i++) {
					update(sessionId, "chunk " + i);
				}
			}
			case "wait-for-cancel" -> {
				try {
					this.cancelled.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return done(Map.of("stopReason", "cancelled"));
			}
			case "crash" -> {
				System.exit(Integer.parseInt(words[1]));
			}
			case "call" -> {
				// call <method> <json params>
				String json = text.substring(("call " + words[1] + " ").length());
				try {
					meta.put("result", call(words[1], AcpJsonMapper.create().readTree(json)));
				}
				catch (JsonRpcException ex) {
					meta.put("error", Map.of("code", ex.getError().code(), "message", ex.getError().message(), "data",
							String.valueOf(ex.getError().data())));
				}
			}
			default -> update(sessionId, "echo " + text);
		}
		return done(Map.of("stopReason", "end_turn", "_meta", meta));
	}

	/**
	 * Every line the client wrote to this agent's input so far, each marked with whether
	 * it is one JSON-RPC 2.0 message.
	 */
	private static List<Map<String, Object>> inputLines() {
		String text;
		synchronized (input) {
			text = input.toString(java.nio.charset.StandardCharsets.UTF_8);
		}
		List<Map<String, Object>> lines = new ArrayList<>();
		for (String line : text.split("\n", -1)) {
			if (line.isEmpty()) {
				continue;
			}
			boolean message;
			try {
				JsonNode node = AcpJsonMapper.create().readTree(line);
				message = node.isObject() && "2.0".equals(node.path("jsonrpc").asString(""));
			}
			catch (RuntimeException ex) {
				message = false;
			}
			lines.add(Map.of("message", message, "line", line));
		}
		return lines;
	}

	private JsonNode call(String method, JsonNode params) {
		try {
			return this.connection[0].request(method, params).join();
		}
		catch (java.util.concurrent.CompletionException ex) {
			if (ex.getCause() instanceof JsonRpcException rpc) {
				throw rpc;
			}
			throw ex;
		}
	}

	private void update(String sessionId, String text) {
		this.connection[0].notify("session/update", Map.of("sessionId", sessionId, "update",
				Map.of("sessionUpdate", "agent_message_chunk", "content", Map.of("type", "text", "text", text))));
	}

	private static CompletionStage<?> done(Object result) {
		return CompletableFuture.completedFuture(result);
	}

	@Override
	public void handleNotification(JsonRpcNotification notification) {
		if ("session/cancel".equals(notification.method())) {
			this.cancelled.countDown();
		}
	}

	static List<String> command(String... extra) {
		List<String> command = new ArrayList<>();
		command.add(javaExecutable());
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add(ScriptedAgent.class.getName());
		command.addAll(List.of(extra));
		return command;
	}

	static String javaExecutable() {
		return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
	}

}

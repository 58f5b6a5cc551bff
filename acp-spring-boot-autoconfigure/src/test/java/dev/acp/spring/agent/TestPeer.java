package dev.acp.spring.agent;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import tools.jackson.databind.JsonNode;

import org.springframework.context.ApplicationContext;

/**
 * A client peer driving one in-memory connection of a configured agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class TestPeer {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private final JsonRpcCodec codec;

	private final JsonRpcConnection connection;

	private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();

	private int nextId = 1000;

	public TestPeer(ApplicationContext context) {
		this(context, "test");
	}

	/**
	 * A peer on a connection the agent sees as carried by the named transport.
	 * @param context the application context of the agent
	 * @param transport the transport name, such as {@code websocket}
	 */
	public TestPeer(ApplicationContext context, String transport) {
		this.codec = context.getBean(JsonRpcCodec.class);
		this.connection = context.getBean(JsonRpcConnectionFactory.class)
			.open(transport, (frame) -> this.received.add(this.codec.mapper().readTree(frame)));
	}

	public JsonRpcConnection connection() {
		return this.connection;
	}

	public void send(String json) {
		byte[] frame = json.getBytes(StandardCharsets.UTF_8);
		this.connection.receive(frame, 0, frame.length);
	}

	public JsonNode next() throws InterruptedException {
		JsonNode message = this.received.poll(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
		if (message == null) {
			throw new AssertionError("No message within " + TIMEOUT);
		}
		return message;
	}

	public JsonNode poll(Duration timeout) throws InterruptedException {
		return this.received.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
	}

	public JsonNode call(int id, String method, String params) throws InterruptedException {
		send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\""
				+ ((params != null) ? ",\"params\":" + params : "") + "}");
		return next();
	}

	/**
	 * Send a request with the next free id and return the next message.
	 * @param method the method
	 * @param params the params as JSON
	 * @return the answer
	 * @throws InterruptedException if interrupted
	 */
	public JsonNode call(String method, String params) throws InterruptedException {
		return call(this.nextId++, method, params);
	}

	/**
	 * Create a session in {@code /work} with no MCP servers.
	 * @return its id
	 * @throws InterruptedException if interrupted
	 */
	public String newSession() throws InterruptedException {
		JsonNode answer = call("session/new", "{\"cwd\":\"/work\",\"mcpServers\":[]}");
		if (!answer.has("result")) {
			throw new AssertionError("session/new failed: " + answer);
		}
		return answer.at("/result/sessionId").asString();
	}

	public JsonNode initialize(String clientCapabilities) throws InterruptedException {
		JsonNode answer = call(0, "initialize", "{\"protocolVersion\":1,\"clientCapabilities\":" + clientCapabilities
				+ ",\"clientInfo\":{\"name\":\"test-client\",\"version\":\"1.0\"}}");
		if (!answer.has("result")) {
			throw new AssertionError("initialize failed: " + answer);
		}
		return answer.get("result");
	}

}

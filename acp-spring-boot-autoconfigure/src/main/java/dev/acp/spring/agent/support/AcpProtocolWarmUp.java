package dev.acp.spring.agent.support;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionNotification;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.IntNode;

/**
 * Builds, on a background thread while the application starts, what the first
 * {@code initialize}, {@code session/new} and {@code session/prompt} of a connection
 * would otherwise build while the person waits: the protocol mapper's deserializers and
 * serializers of those messages (Jackson builds and caches them on first use, per type).
 * It binds and writes one representative message of each kind and throws the results
 * away; nothing reaches a peer or a handler.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpProtocolWarmUp implements Runnable {

	private static final Log logger = LogFactory.getLog(AcpProtocolWarmUp.class);

	private static final Map<Class<?>, String> SAMPLES = Map.of(InitializeRequest.class,
			"{\"protocolVersion\":1,\"clientCapabilities\":{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true},"
					+ "\"terminal\":true,\"_meta\":{}},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}",
			InitializeResponse.class,
			"{\"protocolVersion\":1,\"agentCapabilities\":{\"loadSession\":true,\"promptCapabilities\":"
					+ "{\"image\":true,\"audio\":true,\"embeddedContext\":true},\"mcpCapabilities\":{\"http\":true,"
					+ "\"sse\":true},\"sessionCapabilities\":{},\"_meta\":{\"x\":{\"version\":\"1\"}}},"
					+ "\"authMethods\":[],\"agentInfo\":{\"name\":\"a\",\"version\":\"1\"}}",
			NewSessionRequest.class,
			"{\"cwd\":\"/\",\"mcpServers\":[{\"name\":\"m\",\"command\":\"c\",\"args\":[],\"env\":[]}]}",
			NewSessionResponse.class, "{\"sessionId\":\"s\"}", PromptRequest.class,
			"{\"sessionId\":\"s\",\"prompt\":[{\"type\":\"text\",\"text\":\"t\"}]}", PromptResponse.class,
			"{\"stopReason\":\"end_turn\"}", SessionNotification.class,
			"{\"sessionId\":\"s\",\"update\":{\"sessionUpdate\":\"agent_message_chunk\","
					+ "\"content\":{\"type\":\"text\",\"text\":\"t\"}}}");

	private final JsonRpcCodec codec;

	/**
	 * Create a warm-up.
	 * @param codec the codec of the connections to come
	 */
	public AcpProtocolWarmUp(JsonRpcCodec codec) {
		this.codec = codec;
	}

	/**
	 * Start the warm-up on a daemon thread of its own.
	 */
	public void start() {
		Thread thread = new Thread(this, "acp-warm-up");
		thread.setDaemon(true);
		thread.start();
	}

	@Override
	public void run() {
		ObjectMapper mapper = this.codec.mapper();
		JsonNode id = IntNode.valueOf(0);
		try {
			for (Map.Entry<Class<?>, String> sample : SAMPLES.entrySet()) {
				JsonNode node = mapper.readTree(sample.getValue());
				Object value = mapper.treeToValue(node, sample.getKey());
				this.codec.encodeResult(id, value);
			}
			byte[] frame = ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":"
					+ SAMPLES.get(NewSessionRequest.class) + "}")
				.getBytes(StandardCharsets.UTF_8);
			this.codec.decode(frame, 0, frame.length);
		}
		catch (RuntimeException ex) {
			logger.debug("Protocol warm-up stopped early", ex);
		}
	}

}

package dev.acp.bench;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcMessage;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.databind.JsonNode;

/**
 * Cost of turning a frame into a message and a result into a frame.
 *
 * @author ACP Spring Boot Starter contributors
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class CodecBenchmark {

	private final JsonRpcCodec codec = new JsonRpcCodec(AcpJsonMapper.create());

	private final byte[] request = ("{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"session/prompt\",\"params\":"
			+ "{\"sessionId\":\"sess_0123456789abcdef\",\"prompt\":[{\"type\":\"text\",\"text\":\""
			+ "Refactor the parser so that it streams its input instead of buffering it.\"}],"
			+ "\"_meta\":{\"traceparent\":\"00-80e1afed08e019fc1110464cfa66635c-7a085853722dc6d2-01\"}}}")
		.getBytes(StandardCharsets.UTF_8);

	private final JsonNode id = this.codec.mapper().getNodeFactory().numberNode(42);

	private final Object result = Map.of("total", 3, "byEvent", Map.of("tool_execution", 2, "model_call", 1));

	private final SessionNotification update = new SessionNotification("sess_0123456789abcdef",
			new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("Here is the streaming parser you asked for.")));

	@Benchmark
	public JsonRpcMessage decodeRequest() {
		return this.codec.decode(this.request, 0, this.request.length);
	}

	@Benchmark
	public byte[] encodeResult() {
		return this.codec.encodeResult(this.id, this.result);
	}

	@Benchmark
	public byte[] encodeSessionUpdate() {
		return this.codec.encodeNotification("session/update", this.update);
	}

	@Benchmark
	public List<Object> decodeAndBindPrompt() {
		JsonRpcMessage message = this.codec.decode(this.request, 0, this.request.length);
		JsonNode params = ((dev.acp.spring.jsonrpc.JsonRpcRequest) message).params();
		return List.of(this.codec.mapper().treeToValue(params, dev.acp.spring.protocol.PromptRequest.class));
	}

}

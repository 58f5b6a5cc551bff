package dev.acp.bench.reference;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.agentclientprotocol.sdk.agent.transport.StdioAcpAgentTransport;
import com.agentclientprotocol.sdk.spec.AcpAgentSession;
import com.agentclientprotocol.sdk.spec.AcpSchema;
import reactor.core.publisher.Mono;

/**
 * Reference agent on the official ACP Java SDK (acp-core 0.14.0).
 * The SDK's agent builders (AcpAgent.sync/async, @AcpAgent annotations) only take handlers for the
 * spec's own methods; the one place that accepts an arbitrary method name is the public
 * AcpAgentSession constructor (method -> RequestHandler map), used here with the stdio transport.
 */
public final class EchoAgent {

	public static void main(String[] args) {
		var transport = new StdioAcpAgentTransport();

		Map<String, AcpAgentSession.RequestHandler<?>> requests = new HashMap<>();
		requests.put(AcpSchema.METHOD_INITIALIZE, params -> Mono.just(new AcpSchema.InitializeResponse(1,
				new AcpSchema.AgentCapabilities(), List.of(),
				new AcpSchema.Implementation("java-sdk-echo-agent", "0.0.1"), null)));
		requests.put("_demo.acp/echo", params -> {
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("params", params);
			return Mono.just(result);
		});

		new AcpAgentSession(Duration.ofSeconds(30), transport, requests, Map.of());
		transport.awaitTermination().block();
	}

}

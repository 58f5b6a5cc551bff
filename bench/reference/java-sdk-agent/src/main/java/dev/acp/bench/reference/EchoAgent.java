package dev.acp.bench.reference;

import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import com.agentclientprotocol.sdk.agent.transport.StdioAcpAgentTransport;
import com.agentclientprotocol.sdk.error.AcpProtocolException;
import com.agentclientprotocol.sdk.json.TypeRef;
import com.agentclientprotocol.sdk.spec.AcpAgentSession;
import com.agentclientprotocol.sdk.spec.AcpSchema;
import reactor.core.publisher.Mono;

/**
 * Reference agent on the official ACP Java SDK (acp-core 0.14.0), doing what the demo agent does for
 * {@code initialize}, {@code _demo.acp/echo}, {@code session/new} and a plain-text {@code session/prompt} (one
 * {@code agent_message_chunk} {@code session/update} echoing the prompt text, then {@code end_turn}).
 * The SDK's agent builders (AcpAgent.sync/async, @AcpAgent annotations) only take handlers for the spec's own
 * methods; the one place that accepts an arbitrary method name is the public AcpAgentSession constructor
 * (method -> RequestHandler map), used here with the stdio transport. Params are bound to the SDK's typed
 * records through the transport, as its builders do.
 */
public final class EchoAgent {

	private static final int RESOURCE_NOT_FOUND = -32002;

	public static void main(String[] args) {
		var transport = new StdioAcpAgentTransport();
		Set<String> sessions = ConcurrentHashMap.newKeySet();
		AcpAgentSession[] session = new AcpAgentSession[1];

		Map<String, AcpAgentSession.RequestHandler<?>> requests = new HashMap<>();
		requests.put(AcpSchema.METHOD_INITIALIZE, params -> Mono.just(new AcpSchema.InitializeResponse(1,
				new AcpSchema.AgentCapabilities(), List.of(),
				new AcpSchema.Implementation("java-sdk-echo-agent", "0.0.1"), null)));
		requests.put("_demo.acp/echo", params -> {
			Map<String, Object> result = new LinkedHashMap<>();
			result.put("params", params);
			return Mono.just(result);
		});
		requests.put(AcpSchema.METHOD_SESSION_NEW, params -> {
			transport.unmarshalFrom(params, new TypeRef<AcpSchema.NewSessionRequest>() {
			});
			String sessionId = "sess_" + UUID.randomUUID().toString().replace("-", "");
			sessions.add(sessionId);
			return Mono.just(new AcpSchema.NewSessionResponse(sessionId, null, null));
		});
		requests.put(AcpSchema.METHOD_SESSION_PROMPT, params -> {
			AcpSchema.PromptRequest prompt = transport.unmarshalFrom(params,
					new TypeRef<AcpSchema.PromptRequest>() {
					});
			if (!sessions.contains(prompt.sessionId())) {
				return Mono.error(new AcpProtocolException(RESOURCE_NOT_FOUND, "Resource not found",
						Map.of("sessionId", String.valueOf(prompt.sessionId()))));
			}
			var chunk = new AcpSchema.AgentMessageChunk("agent_message_chunk",
					new AcpSchema.TextContent(prompt.text()));
			return session[0]
				.sendNotification(AcpSchema.METHOD_SESSION_UPDATE,
						new AcpSchema.SessionNotification(prompt.sessionId(), chunk))
				.then(Mono.just(new AcpSchema.PromptResponse(AcpSchema.StopReason.END_TURN)));
		});

		session[0] = new AcpAgentSession(Duration.ofSeconds(30), transport, requests, Map.of());
		transport.awaitTermination().block();
	}

}

package dev.acp.spring.client;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.InitializeResponse;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The client's side of {@code initialize}: the request for the highest version it asks
 * for, and the version the agent answers, which must be one asked for (at or below it,
 * and at least 1). Asking for v2, the request has v2's {@code info} and
 * {@code capabilities} (only {@code _meta}, the client extensions: a v2 agent calls no
 * {@code fs/*} nor {@code terminal/*}) and also v1's {@code clientInfo} and
 * {@code clientCapabilities}, which a v2 agent ignores, so that an agent that answers 1
 * knows the client as it did when asked for 1.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ProtocolHandshake {

	private ProtocolHandshake() {
	}

	static Object request(int asked, ClientCapabilities capabilities, Implementation clientInfo) {
		if (asked == AcpAgentClient.PROTOCOL_VERSION) {
			return new InitializeRequest(asked, capabilities, clientInfo, null);
		}
		Map<String, Object> v1 = new LinkedHashMap<>();
		v1.put("clientCapabilities", capabilities);
		v1.put("clientInfo", clientInfo);
		return new dev.acp.spring.protocol.v2.InitializeRequest(asked,
				new dev.acp.spring.protocol.v2.Implementation(clientInfo.name(), clientInfo.title(),
						clientInfo.version(), clientInfo.meta()),
				new dev.acp.spring.protocol.v2.ClientCapabilities(null, null, capabilities.meta()), null, v1);
	}

	/**
	 * The agent's answer in the v1 model, its {@code protocolVersion} the version
	 * negotiated.
	 * @param agent the agent's name
	 * @param asked the version asked for
	 * @param answer the answer
	 * @param mapper the mapper
	 * @return the answer
	 * @throws AcpProtocolVersionException if the version was not asked for
	 */
	static InitializeResponse answer(String agent, int asked, JsonNode answer, ObjectMapper mapper) {
		JsonNode field = answer.path("protocolVersion");
		int version = field.isIntegralNumber() && field.canConvertToInt() ? field.intValue() : 0;
		if (version < AcpAgentClient.PROTOCOL_VERSION || version > asked) {
			throw new AcpProtocolVersionException(agent, version, asked);
		}
		try {
			return (version == 2)
					? V2AgentAdvertisement
						.toV1(mapper.treeToValue(answer, dev.acp.spring.protocol.v2.InitializeResponse.class))
					: mapper.treeToValue(answer, InitializeResponse.class);
		}
		catch (JacksonException ex) {
			throw new AcpAgentClientException("Agent '" + agent + "' answered 'initialize' (version " + version
					+ ") malformed: " + ex.getMessage(), ex);
		}
	}

}

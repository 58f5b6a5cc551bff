package dev.acp.spring.agent.support;

import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.SessionUpdate;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * ACP v2 (Preview): {@code initialize} with {@code info} and {@code capabilities},
 * answered by {@link V2InitializeAnswer}; the methods known are those of
 * {@link V2Methods}; the updates it sends are translated by {@link V2Updates}, one per
 * connection (it keeps the message ids). What a v2 client advertises besides
 * {@code capabilities._meta} (the client extensions) is not passed on: v2 has no
 * {@code fs/*} and {@code terminal/*} for the agent to call.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2Edition implements ProtocolEdition {

	private final V2Updates updates = new V2Updates();

	private final V2Turns turns = new V2Turns();

	@Override
	public V2Turns turns() {
		return this.turns;
	}

	@Override
	public @Nullable RuntimeException unserved(String method) {
		return V2Methods.unserved(method);
	}

	@Override
	public int version() {
		return 2;
	}

	@Override
	public InitializeRequest initializeRequest(JsonNode params, ObjectMapper mapper) {
		dev.acp.spring.protocol.v2.InitializeRequest request = (dev.acp.spring.protocol.v2.InitializeRequest) ParamsBinding
			.bind(mapper, params, mapper.constructType(dev.acp.spring.protocol.v2.InitializeRequest.class), null);
		dev.acp.spring.protocol.v2.Implementation info = request.info();
		Implementation clientInfo = new Implementation(info.name(), info.title(), info.version(), info.meta());
		ClientCapabilities capabilities = (request.capabilities() != null)
				? new ClientCapabilities(null, null, null, null, null, request.capabilities().meta())
				: ClientCapabilities.NONE;
		return new InitializeRequest(request.protocolVersion(), capabilities, clientInfo, request.meta());
	}

	@Override
	public Object initializeResponse(InitializeResponse response, boolean stdioMcpServers) {
		return V2InitializeAnswer.of(response, stdioMcpServers);
	}

	@Override
	public boolean knows(String method) {
		return V2Methods.knows(method);
	}

	@Override
	public String modelMethod(String method, @Nullable JsonNode params) {
		return V2Methods.modelMethod(method, params);
	}

	@Override
	public @Nullable JsonNode modelParams(String method, @Nullable JsonNode params, ObjectMapper mapper) {
		return V2Requests.modelParams(method, params);
	}

	@Override
	public @Nullable Object answer(String method, @Nullable Object result, ObjectMapper mapper) {
		return V2Answers.answer(method, result, mapper);
	}

	@Override
	public @Nullable Object outbound(String method, @Nullable Object params, ObjectMapper mapper) {
		return AcpMethods.SESSION_UPDATE.equals(method) ? this.updates.toV2(params, mapper) : params;
	}

	@Override
	public @Nullable Object request(DefaultAcpConnection connection, String method, @Nullable Object params,
			ObjectMapper mapper) {
		if (params == null || !AcpMethods.SESSION_REQUEST_PERMISSION.equals(method)) {
			return params;
		}
		ObjectNode request = V2PermissionRequests.toV2(params, mapper);
		JsonNode sessionId = request.get("sessionId");
		if (sessionId != null && sessionId.isString()) {
			this.turns.permissionAsked(connection, sessionId.stringValue(), mapper);
		}
		return request;
	}

	@Override
	public void requestEnded(DefaultAcpConnection connection, String method, @Nullable Object params,
			ObjectMapper mapper) {
		if (AcpMethods.SESSION_REQUEST_PERMISSION.equals(method) && params instanceof ObjectNode request) {
			JsonNode sessionId = request.get("sessionId");
			if (sessionId != null && sessionId.isString()) {
				this.turns.permissionAnswered(connection, sessionId.stringValue(), mapper);
			}
		}
	}

	@Override
	public @Nullable String inexpressible(SessionUpdate update) {
		return (update instanceof SessionUpdate.CurrentModeUpdate)
				? "current_mode_update (v2 has no session modes; its mode changes would be lost)" : null;
	}

}

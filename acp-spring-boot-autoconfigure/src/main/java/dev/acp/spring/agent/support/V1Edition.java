package dev.acp.spring.agent.support;

import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.InitializeResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * ACP v1: the model's own shape, every method known.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V1Edition implements ProtocolEdition {

	static final V1Edition INSTANCE = new V1Edition();

	private V1Edition() {
	}

	@Override
	public int version() {
		return 1;
	}

	@Override
	public InitializeRequest initializeRequest(JsonNode params, ObjectMapper mapper) {
		return (InitializeRequest) ParamsBinding.bind(mapper, params, mapper.constructType(InitializeRequest.class),
				null);
	}

	@Override
	public Object initializeResponse(InitializeResponse response, boolean stdioMcpServers) {
		return response;
	}

	@Override
	public boolean knows(String method) {
		return true;
	}

	@Override
	public String modelMethod(String method, @Nullable JsonNode params) {
		return method;
	}

	@Override
	public @Nullable JsonNode modelParams(String method, @Nullable JsonNode params, ObjectMapper mapper) {
		return params;
	}

	@Override
	public @Nullable Object answer(String method, @Nullable Object result, ObjectMapper mapper) {
		return result;
	}

	@Override
	public @Nullable Object outbound(String method, @Nullable Object params, ObjectMapper mapper) {
		return params;
	}

}

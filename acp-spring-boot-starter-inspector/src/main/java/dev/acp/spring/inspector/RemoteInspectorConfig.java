package dev.acp.spring.inspector;

import java.util.List;

import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The page's {@code config.json} beside a remote agent: mode {@code remote}, the ACP
 * endpoint (under the servlet context path), its transports and protocol versions. It
 * names nothing secret and is public.
 *
 * @param endpoint the ACP endpoint path ({@code acp.websocket.path})
 * @param streamableHttp whether the endpoint serves Streamable HTTP beside WebSocket
 * @param protocolVersions the protocol versions the agent serves
 * @author ACP Spring Boot Starter contributors
 */
record RemoteInspectorConfig(String endpoint, boolean streamableHttp, List<Integer> protocolVersions) {

	ObjectNode toJson(JsonMapper mapper, String contextPath) {
		ObjectNode config = mapper.createObjectNode();
		config.put("mode", "remote");
		config.put("endpoint", contextPath + this.endpoint);
		if (this.streamableHttp) {
			config.putArray("transports").add("http").add("websocket");
		}
		else {
			config.putArray("transports").add("websocket");
		}
		this.protocolVersions.forEach(config.putArray("protocolVersions")::add);
		return config;
	}

	ServerResponse handle(ServerRequest request, JsonMapper mapper) {
		ObjectNode config = toJson(mapper, request.requestPath().contextPath().value());
		return ServerResponse.ok()
			.contentType(MediaType.APPLICATION_JSON)
			.headers(InspectorHeaders::apply)
			.body(mapper.writeValueAsBytes(config));
	}

}

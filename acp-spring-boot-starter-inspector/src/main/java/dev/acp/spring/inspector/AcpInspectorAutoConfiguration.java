package dev.acp.spring.inspector;

import java.net.URI;
import java.util.List;

import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpHttpProperties;
import dev.acp.spring.autoconfigure.AcpProtocolProperties;
import dev.acp.spring.autoconfigure.AcpWebSocketProperties;
import dev.acp.spring.autoconfigure.AcpWebSocketAutoConfiguration;
import dev.acp.spring.transport.websocket.BearerToken;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication.Type;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Serves the ACP inspector page beside a remote agent, on the agent's own web server
 * ({@code acp.inspector.enabled=true}, a servlet web application): the page and
 * {@code config.json} at {@code acp.inspector.path} (public), and {@code validate} (with
 * the agent's bearer token when it has one). The page then talks to the agent at
 * {@code acp.websocket.path} like any client, with the same authentication.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = { AcpAutoConfiguration.class, AcpWebSocketAutoConfiguration.class })
@ConditionalOnWebApplication(type = Type.SERVLET)
@ConditionalOnBooleanProperty("acp.inspector.enabled")
@EnableConfigurationProperties(AcpInspectorProperties.class)
public final class AcpInspectorAutoConfiguration {

	@Bean
	RouterFunction<ServerResponse> acpInspectorRoutes(AcpInspectorProperties properties,
			ObjectProvider<AcpWebSocketProperties> webSocketProperties,
			ObjectProvider<AcpHttpProperties> httpProperties, ObjectProvider<AcpProtocolProperties> protocolProperties,
			ObjectProvider<BearerToken> bearerToken, ObjectProvider<JsonMapper> jsonMapper) {
		String path = path(properties.getPath());
		JsonMapper mapper = jsonMapper.getIfAvailable(() -> JsonMapper.builder().build());
		List<Integer> versions = protocolProperties.getIfAvailable(AcpProtocolProperties::new).getVersions();
		RemoteInspectorConfig config = new RemoteInspectorConfig(
				webSocketProperties.getIfAvailable(AcpWebSocketProperties::new).getPath(),
				httpProperties.getIfAvailable(AcpHttpProperties::new).getStreamable().isEnabled(),
				List.copyOf(versions));
		BearerToken token = bearerToken.getIfAvailable();
		FrameValidation validation = new FrameValidation(new AcpFrameValidator(mapper), mapper,
				(token != null) ? FrameValidation.bearer(token::authenticate) : FrameValidation.anyone());
		InspectorPage page = new InspectorPage();
		return RouterFunctions.route()
			.GET(path,
					(request) -> ServerResponse
						.temporaryRedirect(URI.create(request.requestPath().contextPath().value() + path + "/"))
						.headers(InspectorHeaders::apply)
						.build())
			.GET(path + "/config.json", (request) -> config.handle(request, mapper))
			.POST(path + "/validate", validation::handle)
			.GET(path + "/{*file}", page::handle)
			.build();
	}

	private static String path(String path) {
		String trimmed = path.strip();
		while (trimmed.endsWith("/")) {
			trimmed = trimmed.substring(0, trimmed.length() - 1);
		}
		if (!trimmed.startsWith("/") || trimmed.length() < 2 || trimmed.contains("{") || trimmed.contains("*")) {
			throw new IllegalStateException(
					"acp.inspector.path must be a path below the root, like /inspector (was '" + path + "')");
		}
		return trimmed;
	}

}

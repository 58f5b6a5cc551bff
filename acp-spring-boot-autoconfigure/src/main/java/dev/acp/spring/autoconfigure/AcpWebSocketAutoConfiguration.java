package dev.acp.spring.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import dev.acp.spring.transport.websocket.BearerTokenHandshakeInterceptor;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.util.StringUtils;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Serves the agent over WebSocket ({@code acp.transport=websocket}) in a servlet web
 * application, at {@code acp.websocket.path}: origins checked against
 * {@code acp.websocket.allowed-origins} (origin patterns), an optional bearer token on
 * the handshake ({@code acp.websocket.auth.bearer-token} or {@code bearer-token-file}),
 * and the principal of the handshake (Spring Security's, if present) given to the
 * connection.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = AcpAutoConfiguration.class)
@ConditionalOnClass(name = { "org.springframework.web.socket.config.annotation.WebSocketConfigurer",
		"jakarta.websocket.server.ServerContainer" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnProperty(prefix = "acp", name = "transport", havingValue = "websocket")
@ConditionalOnBean(JsonRpcConnectionFactory.class)
@EnableWebSocket
public final class AcpWebSocketAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	AcpWebSocketHandler acpWebSocketHandler(JsonRpcConnectionFactory connectionFactory, AcpProperties properties) {
		AcpProperties.Websocket websocket = properties.getWebsocket();
		return new AcpWebSocketHandler(connectionFactory,
				new AcpWebSocketHandler.Settings(
						(int) Math.min(Integer.MAX_VALUE - 8, websocket.getMaxMessageSize().toBytes()),
						websocket.getMaxConnections(),
						(int) Math.min(Integer.MAX_VALUE, websocket.getSendBufferSize().toBytes()),
						websocket.getSendTimeLimit(), websocket.getIdleTimeout(), websocket.getMaxRequestsInFlight()));
	}

	@Bean
	WebSocketConfigurer acpWebSocketConfigurer(AcpWebSocketHandler handler, AcpProperties properties) {
		AcpProperties.Websocket websocket = properties.getWebsocket();
		List<HandshakeInterceptor> interceptors = new ArrayList<>();
		String token = bearerToken(websocket.getAuth());
		if (token != null) {
			interceptors.add(new BearerTokenHandshakeInterceptor(token));
		}
		interceptors.add(handler);
		return (registry) -> {
			var registration = registry.addHandler(handler, websocket.getPath())
				.addInterceptors(interceptors.toArray(HandshakeInterceptor[]::new));
			if (!websocket.getAllowedOrigins().isEmpty()) {
				registration.setAllowedOriginPatterns(websocket.getAllowedOrigins().toArray(String[]::new));
			}
			handler.registered();
		};
	}

	static String bearerToken(AcpProperties.WebsocketAuth auth) {
		if (StringUtils.hasText(auth.getBearerToken())) {
			return auth.getBearerToken().strip();
		}
		if (auth.getBearerTokenFile() != null) {
			String token;
			try {
				token = Files.readString(auth.getBearerTokenFile(), StandardCharsets.UTF_8).strip();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(
						"Cannot read acp.websocket.auth.bearer-token-file " + auth.getBearerTokenFile(), ex);
			}
			if (token.isEmpty()) {
				throw new IllegalStateException(
						"acp.websocket.auth.bearer-token-file " + auth.getBearerTokenFile() + " is empty");
			}
			return token;
		}
		return null;
	}

	@Bean
	WebSocketTransportLifecycle acpWebSocketTransportLifecycle(AcpWebSocketHandler handler, AcpProperties properties) {
		return new WebSocketTransportLifecycle(handler, properties.getWebsocket().getDrainTimeout());
	}

}

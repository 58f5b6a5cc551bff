package dev.acp.spring.autoconfigure;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.websocket.AcpWebSocketHandler;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;

/**
 * Serves the agent over WebSocket ({@code acp.transport=websocket}) in a servlet web
 * application, at {@code acp.websocket.path}.
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
						websocket.getSendTimeLimit(), websocket.getIdleTimeout()));
	}

	@Bean
	WebSocketConfigurer acpWebSocketConfigurer(AcpWebSocketHandler handler, AcpProperties properties) {
		AcpProperties.Websocket websocket = properties.getWebsocket();
		return (registry) -> {
			var registration = registry.addHandler(handler, websocket.getPath()).addInterceptors(handler);
			if (!websocket.getAllowedOrigins().isEmpty()) {
				registration.setAllowedOrigins(websocket.getAllowedOrigins().toArray(String[]::new));
			}
		};
	}

	@Bean
	WebSocketTransportLifecycle acpWebSocketTransportLifecycle(AcpWebSocketHandler handler, AcpProperties properties) {
		return new WebSocketTransportLifecycle(handler, properties.getWebsocket().getDrainTimeout());
	}

}

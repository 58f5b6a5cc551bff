package dev.acp.spring.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.http.HttpTransportSettings;
import dev.acp.spring.transport.http.StreamableHttpHandler;
import dev.acp.spring.transport.http.StreamableHttpHandlerMapping;
import dev.acp.spring.transport.http.StreamableHttpMessageFilter;
import dev.acp.spring.transport.http.StreamableHttpObservationPredicate;
import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import dev.acp.spring.transport.websocket.AllowedHosts;
import dev.acp.spring.transport.websocket.AllowedHostsHandshakeInterceptor;
import dev.acp.spring.transport.websocket.BearerToken;
import dev.acp.spring.transport.websocket.BearerTokenHandshakeInterceptor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.BindResult;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Serves the agent over WebSocket ({@code acp.transport=websocket}) in a servlet web
 * application, at {@code acp.websocket.path}, and over Streamable HTTP on the same path
 * ({@code acp.transport=http}, or {@code websocket} unless
 * {@code acp.http.streamable.enabled=false}): origins checked against
 * {@code acp.websocket.allowed-origins} (origin patterns), an optional bearer token on
 * the handshake ({@code acp.websocket.auth.bearer-token} or {@code bearer-token-file}: a
 * property that is present but gives no token fails start-up), and the principal of the
 * handshake (Spring Security's, if present) given to the connection.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = AcpAutoConfiguration.class)
@ConditionalOnClass(name = { "org.springframework.web.socket.config.annotation.WebSocketConfigurer",
		"jakarta.websocket.server.ServerContainer" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Conditional(AcpWebSocketAutoConfiguration.OnRemoteTransportCondition.class)
@ConditionalOnBean(JsonRpcConnectionFactory.class)
@EnableWebSocket
public final class AcpWebSocketAutoConfiguration {

	static final String BEARER_TOKEN = "acp.websocket.auth.bearer-token";

	static final String BEARER_TOKEN_FILE = "acp.websocket.auth.bearer-token-file";

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
	@ConditionalOnMissingBean
	@Conditional(OnBearerTokenCondition.class)
	BearerToken acpBearerToken(Environment environment) {
		return new BearerToken(bearerToken(Binder.get(environment)));
	}

	@Bean
	@ConditionalOnMissingBean
	AllowedHosts acpAllowedHosts(AcpProperties properties) {
		List<String> hosts = properties.getWebsocket().getAllowedHosts();
		try {
			return new AllowedHosts(hosts);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException("acp.websocket.allowed-hosts", hosts,
					ex.getMessage() + ": give host names (IPv6 addresses in brackets), or * for any.");
		}
	}

	@Bean
	WebSocketConfigurer acpWebSocketConfigurer(AcpWebSocketHandler handler, AcpProperties properties,
			ObjectProvider<BearerToken> bearerToken, AllowedHosts allowedHosts) {
		AcpProperties.Websocket websocket = properties.getWebsocket();
		List<HandshakeInterceptor> interceptors = new ArrayList<>();
		interceptors.add(new AllowedHostsHandshakeInterceptor(allowedHosts));
		BearerToken token = bearerToken.getIfAvailable();
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

	/**
	 * The configured bearer token: {@code acp.websocket.auth.bearer-token}, else the
	 * content of {@code acp.websocket.auth.bearer-token-file}, else {@code null} (no
	 * authentication). A property that is present must give a token: an empty or blank
	 * value, an unresolved placeholder, or a file that is empty or cannot be read fails
	 * start-up naming the property, never turning authentication off.
	 * @param binder the binder of the environment
	 * @return the token, or {@code null} when neither property is set
	 */
	static String bearerToken(Binder binder) {
		BindResult<String> token = binder.bind(BEARER_TOKEN, String.class);
		if (token.isBound()) {
			return requireToken(BEARER_TOKEN, token.get(), token.get(), "");
		}
		BindResult<String> file = binder.bind(BEARER_TOKEN_FILE, String.class);
		if (!file.isBound()) {
			return null;
		}
		String location = file.get();
		if (location.isBlank()) {
			throw new InvalidConfigurationPropertyValueException(BEARER_TOKEN_FILE, location,
					"The path of the bearer token file is empty. Set it to a file holding the token, or remove "
							+ BEARER_TOKEN_FILE + " to turn WebSocket authentication off.");
		}
		String content;
		try {
			content = Files.readString(Path.of(location.strip()), StandardCharsets.UTF_8);
		}
		catch (IOException | RuntimeException ex) {
			throw new InvalidConfigurationPropertyValueException(BEARER_TOKEN_FILE, location,
					"The bearer token file cannot be read (" + ex.getClass().getSimpleName() + ").");
		}
		return requireToken(BEARER_TOKEN_FILE, location, content, " in the file");
	}

	private static String requireToken(String property, String value, String token, String where) {
		if (token.isBlank()) {
			throw new InvalidConfigurationPropertyValueException(property, value,
					"The bearer token" + where + " is empty, which would let anyone connect. Set a token, or remove "
							+ property + " to turn WebSocket authentication off.");
		}
		if (token.contains("${")) {
			throw new InvalidConfigurationPropertyValueException(property, value,
					"The bearer token" + where + " contains an unresolved placeholder.");
		}
		return token.strip();
	}

	@Bean
	WebSocketTransportLifecycle acpWebSocketTransportLifecycle(AcpWebSocketHandler handler, AcpProperties properties) {
		return new WebSocketTransportLifecycle(handler, properties.getWebsocket().getDrainTimeout(),
				(properties.getTransport() == AcpProperties.Transport.HTTP) ? "http" : "websocket");
	}

	/**
	 * Streamable HTTP on the WebSocket endpoint's path: a handler mapping ordered before
	 * the WebSocket one takes every request of the path but upgrades.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.web.servlet.DispatcherServlet")
	@ConditionalOnProperty(prefix = "acp.http.streamable", name = "enabled", matchIfMissing = true)
	static class StreamableHttpConfiguration {

		@Bean
		@ConditionalOnMissingBean
		StreamableHttpHandler acpStreamableHttpHandler(JsonRpcConnectionFactory connectionFactory, JsonRpcCodec codec,
				AcpProperties properties, ObjectProvider<BearerToken> bearerToken, AcpWebSocketHandler webSocket,
				AllowedHosts allowedHosts) {
			AcpProperties.Websocket websocket = properties.getWebsocket();
			AcpProperties.Http http = properties.getHttp();
			StreamableHttpHandler handler = new StreamableHttpHandler(connectionFactory, codec,
					new HttpTransportSettings(
							(int) Math.min(Integer.MAX_VALUE - 8, websocket.getMaxMessageSize().toBytes()),
							websocket.getMaxConnections(), websocket.getMaxRequestsInFlight(),
							websocket.getSendBufferSize().toBytes(), http.getMaxQueued().toBytes(),
							websocket.getSendTimeLimit(), http.getIdleTimeout(), http.getKeepAliveInterval(),
							http.getMaxSessionStreams(), websocket.getDrainTimeout(), http.getInitializeTimeout(),
							List.copyOf(websocket.getAllowedOrigins())),
					bearerToken.getIfAvailable(), allowedHosts);
			handler.setOtherConnections(webSocket::openConnections);
			webSocket.setOtherConnections(handler::openConnections);
			return handler;
		}

		@Bean
		StreamableHttpHandlerMapping acpStreamableHttpHandlerMapping(StreamableHttpHandler handler,
				AcpProperties properties) {
			return new StreamableHttpHandlerMapping(properties.getWebsocket().getPath(), handler,
					List.copyOf(properties.getWebsocket().getAllowedOrigins()));
		}

		/**
		 * Serves the per-message {@code POST}s at the end of the filter chain.
		 */
		@Bean
		FilterRegistrationBean<StreamableHttpMessageFilter> acpStreamableHttpMessageFilter(
				StreamableHttpHandler handler, StreamableHttpHandlerMapping mapping, AcpProperties properties) {
			String path = properties.getWebsocket().getPath();
			FilterRegistrationBean<StreamableHttpMessageFilter> registration = new FilterRegistrationBean<>(
					new StreamableHttpMessageFilter(path, handler, mapping));
			registration.addUrlPatterns(path);
			registration.setOrder(Ordered.LOWEST_PRECEDENCE);
			return registration;
		}

		/**
		 * Leaves the per-message {@code POST}s out of {@code http.server.requests}: each
		 * message has its {@code acp} observation already.
		 */
		@Bean
		StreamableHttpObservationPredicate acpStreamableHttpObservationPredicate(AcpProperties properties) {
			return new StreamableHttpObservationPredicate(properties.getWebsocket().getPath());
		}

		@Bean
		HttpTransportLifecycle acpHttpTransportLifecycle(StreamableHttpHandler handler, AcpProperties properties) {
			return new HttpTransportLifecycle(handler, properties.getWebsocket().getDrainTimeout());
		}

	}

	/**
	 * Matches {@code acp.transport=websocket} and {@code acp.transport=http}.
	 */
	static final class OnRemoteTransportCondition extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			String transport = context.getEnvironment().getProperty("acp.transport", "").trim();
			if (transport.equalsIgnoreCase("websocket") || transport.equalsIgnoreCase("http")) {
				return ConditionOutcome.match("acp.transport is " + transport);
			}
			return ConditionOutcome.noMatch("acp.transport is neither websocket nor http");
		}

	}

	/**
	 * Matches when {@code acp.websocket.auth.bearer-token} or {@code bearer-token-file}
	 * is present, whatever its value: an empty one must fail start-up, not turn
	 * authentication off.
	 */
	static final class OnBearerTokenCondition extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			Binder binder = Binder.get(context.getEnvironment());
			for (String property : List.of(BEARER_TOKEN, BEARER_TOKEN_FILE)) {
				if (binder.bind(property, String.class).isBound()) {
					return ConditionOutcome.match(property + " is set");
				}
			}
			return ConditionOutcome.noMatch("neither " + BEARER_TOKEN + " nor " + BEARER_TOKEN_FILE + " is set");
		}

	}

}

package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.http.HttpTransportSettings;
import dev.acp.spring.transport.http.StreamableHttpHandler;
import dev.acp.spring.transport.http.StreamableHttpHandlerMapping;
import dev.acp.spring.transport.http.StreamableHttpMessageFilter;
import dev.acp.spring.transport.http.StreamableHttpObservationPredicate;
import dev.acp.spring.transport.websocket.AcpHandshakeHandler;
import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import dev.acp.spring.transport.websocket.AllowedHosts;
import dev.acp.spring.transport.websocket.AllowedHostsHandshakeInterceptor;
import dev.acp.spring.transport.websocket.BearerToken;
import dev.acp.spring.transport.websocket.BearerTokenHandshakeInterceptor;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ApplicationContext;
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
 * {@code acp.websocket.allowed-origins} (origin patterns), {@code Host} checked against
 * DNS rebinding ({@code acp.websocket.allowed-hosts}), optional bearer tokens (a shared
 * {@code acp.websocket.auth.bearer-token} or one per principal,
 * {@code acp.websocket.auth.tokens.<name>}: see {@link BearerTokenReader}), and the
 * principal of the handshake (Spring Security's, or the token's) given to the connection.
 * Served beyond loopback without authentication, start-up fails unless
 * {@code acp.websocket.auth.allow-anonymous=true}.
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
@EnableConfigurationProperties({ AcpWebSocketProperties.class, AcpHttpProperties.class })
public final class AcpWebSocketAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	AcpWebSocketHandler acpWebSocketHandler(JsonRpcConnectionFactory connectionFactory,
			AcpWebSocketProperties websocket) {
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
	@Nullable BearerToken acpBearerToken(Environment environment) {
		return BearerTokenReader.read(Binder.get(environment));
	}

	@Bean
	UnauthenticatedRemoteAgentGuard acpUnauthenticatedRemoteAgentGuard(ApplicationContext context,
			Environment environment, ObjectProvider<BearerToken> bearerToken) {
		return new UnauthenticatedRemoteAgentGuard(context, environment, bearerToken,
				environment.getProperty("acp.transport", "").trim().toLowerCase(Locale.ROOT));
	}

	@Bean
	@ConditionalOnMissingBean
	AllowedHosts acpAllowedHosts(AcpWebSocketProperties websocket) {
		List<String> hosts = websocket.getAllowedHosts();
		try {
			return new AllowedHosts(hosts);
		}
		catch (IllegalArgumentException ex) {
			throw new InvalidConfigurationPropertyValueException("acp.websocket.allowed-hosts", hosts,
					ex.getMessage() + ": give host names (IPv6 addresses in brackets), or * for any.");
		}
	}

	@Bean
	WebSocketConfigurer acpWebSocketConfigurer(AcpWebSocketHandler handler, AcpWebSocketProperties websocket,
			ObjectProvider<BearerToken> bearerToken, AllowedHosts allowedHosts) {
		List<HandshakeInterceptor> interceptors = new ArrayList<>();
		interceptors.add(new AllowedHostsHandshakeInterceptor(allowedHosts));
		BearerToken token = bearerToken.getIfAvailable();
		if (token != null) {
			interceptors.add(new BearerTokenHandshakeInterceptor(token));
		}
		interceptors.add(handler);
		return (registry) -> {
			var registration = registry.addHandler(handler, websocket.getPath())
				.setHandshakeHandler(new AcpHandshakeHandler(websocket.isPermessageDeflate()))
				.addInterceptors(interceptors.toArray(HandshakeInterceptor[]::new));
			if (!websocket.getAllowedOrigins().isEmpty()) {
				registration.setAllowedOriginPatterns(websocket.getAllowedOrigins().toArray(String[]::new));
			}
			handler.registered();
		};
	}

	/**
	 * The shared bearer token: {@code acp.websocket.auth.bearer-token}, else the content
	 * of {@code acp.websocket.auth.bearer-token-file}, else {@code null}.
	 * @param binder the binder of the environment
	 * @return the token, or {@code null} when neither property is set
	 * @see BearerTokenReader
	 */
	static @Nullable String bearerToken(Binder binder) {
		return BearerTokenReader.sharedToken(binder);
	}

	@Bean
	WebSocketTransportLifecycle acpWebSocketTransportLifecycle(AcpWebSocketHandler handler, AcpProperties properties,
			AcpWebSocketProperties websocket) {
		return new WebSocketTransportLifecycle(handler, websocket.getDrainTimeout(),
				(properties.getTransport() == AcpProperties.Transport.HTTP) ? "http" : "websocket");
	}

	/**
	 * Tomcat without a cache of closed connections' channels (see
	 * {@link TomcatChannelCacheCustomizer}), and with request threads capped unless the
	 * application sizes them (see {@link TomcatWorkerThreadsCustomizer}).
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.boot.tomcat.TomcatConnectorCustomizer",
			"org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory",
			"org.apache.catalina.connector.Connector" })
	static class TomcatConfiguration {

		@Bean
		TomcatChannelCacheCustomizer acpTomcatChannelCacheCustomizer() {
			return new TomcatChannelCacheCustomizer();
		}

		@Bean
		TomcatWorkerThreadsCustomizer acpTomcatWorkerThreadsCustomizer(Environment environment) {
			return new TomcatWorkerThreadsCustomizer(environment,
					TomcatWorkerThreadsCustomizer.defaultMaxThreads(Runtime.getRuntime().availableProcessors()));
		}

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
				AcpWebSocketProperties websocket, AcpHttpProperties http, ObjectProvider<BearerToken> bearerToken,
				AcpWebSocketHandler webSocket, AllowedHosts allowedHosts) {
			StreamableHttpHandler handler = new StreamableHttpHandler(connectionFactory, codec,
					new HttpTransportSettings(
							(int) Math.min(Integer.MAX_VALUE - 8, websocket.getMaxMessageSize().toBytes()),
							websocket.getMaxConnections(), websocket.getMaxRequestsInFlight(),
							websocket.getSendBufferSize().toBytes(), http.getMaxQueued().toBytes(),
							http.getMaxQueuedTotal().toBytes(), websocket.getSendTimeLimit(), http.getIdleTimeout(),
							http.getKeepAliveInterval(), http.getMaxSessionStreams(), websocket.getDrainTimeout(),
							http.getInitializeTimeout(), List.copyOf(websocket.getAllowedOrigins())),
					bearerToken.getIfAvailable(), allowedHosts);
			handler.setConnectionSlots(webSocket.connectionSlots());
			return handler;
		}

		@Bean
		StreamableHttpHandlerMapping acpStreamableHttpHandlerMapping(StreamableHttpHandler handler,
				AcpWebSocketProperties websocket) {
			return new StreamableHttpHandlerMapping(websocket.getPath(), handler,
					List.copyOf(websocket.getAllowedOrigins()));
		}

		/**
		 * Serves the per-message {@code POST}s at the end of the filter chain.
		 */
		@Bean
		FilterRegistrationBean<StreamableHttpMessageFilter> acpStreamableHttpMessageFilter(
				StreamableHttpHandler handler, StreamableHttpHandlerMapping mapping, AcpWebSocketProperties websocket) {
			String path = websocket.getPath();
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
		StreamableHttpObservationPredicate acpStreamableHttpObservationPredicate(AcpWebSocketProperties websocket) {
			return new StreamableHttpObservationPredicate(websocket.getPath());
		}

		@Bean
		HttpTransportLifecycle acpHttpTransportLifecycle(StreamableHttpHandler handler,
				AcpWebSocketProperties websocket) {
			return new HttpTransportLifecycle(handler, websocket.getDrainTimeout());
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
	 * Matches when a bearer token property ({@code acp.websocket.auth.bearer-token},
	 * {@code bearer-token-file}, {@code tokens.*}, {@code tokens-file}) is present,
	 * whatever its value: an empty one must fail start-up, not turn authentication off.
	 */
	static final class OnBearerTokenCondition extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			if (BearerTokenReader.isConfigured(Binder.get(context.getEnvironment()))) {
				return ConditionOutcome.match("a bearer token property is set");
			}
			return ConditionOutcome.noMatch("no bearer token property is set");
		}

	}

}

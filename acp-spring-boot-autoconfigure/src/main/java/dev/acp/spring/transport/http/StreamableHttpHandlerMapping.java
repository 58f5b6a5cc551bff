package dev.acp.spring.transport.http;

import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.handler.AbstractHandlerMapping;

/**
 * Maps the ACP endpoint's path to the {@link StreamableHttpHandler} for every request but
 * a WebSocket upgrade, which falls through to the WebSocket handler mapping of the same
 * path (ordered after this one). With allowed origins, browsers of those origins get
 * CORS: preflight answered, the ACP headers allowed and {@code Acp-Connection-Id}
 * exposed, with credentials (cookies of a load balancer's affinity).
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StreamableHttpHandlerMapping extends AbstractHandlerMapping {

	private final String path;

	private final StreamableHttpHandler handler;

	/**
	 * Create a mapping.
	 * @param path the endpoint's path
	 * @param handler the handler
	 */
	public StreamableHttpHandlerMapping(String path, StreamableHttpHandler handler) {
		this(path, handler, List.of());
	}

	/**
	 * Create a mapping.
	 * @param path the endpoint's path
	 * @param handler the handler
	 * @param allowedOrigins the origin patterns browsers may call from (empty: none but
	 * the same origin)
	 */
	public StreamableHttpHandlerMapping(String path, StreamableHttpHandler handler, List<String> allowedOrigins) {
		this.path = path;
		this.handler = handler;
		setOrder(-1);
		if (!allowedOrigins.isEmpty()) {
			CorsConfiguration cors = new CorsConfiguration();
			cors.setAllowedOriginPatterns(allowedOrigins);
			cors.setAllowedMethods(List.of("GET", "POST", "DELETE"));
			cors.setAllowedHeaders(List.of(HttpHeaders.CONTENT_TYPE, HttpHeaders.AUTHORIZATION,
					StreamableHttpHandler.CONNECTION_ID_HEADER, StreamableHttpHandler.SESSION_ID_HEADER));
			cors.setExposedHeaders(List.of(StreamableHttpHandler.CONNECTION_ID_HEADER));
			cors.setAllowCredentials(true);
			setCorsConfigurations(Map.of(path, cors));
		}
	}

	@Override
	protected @Nullable Object getHandlerInternal(HttpServletRequest request) {
		if (!this.path.equals(initLookupPath(request)) || isWebSocketUpgrade(request)) {
			return null;
		}
		return this.handler;
	}

	/**
	 * Whether handler interceptors apply to the handler (the mapping's own, or
	 * {@code MappedInterceptor} beans).
	 * @return whether any do
	 */
	public boolean hasInterceptors() {
		HandlerInterceptor[] interceptors = getAdaptedInterceptors();
		return interceptors != null && interceptors.length > 0;
	}

	private static boolean isWebSocketUpgrade(HttpServletRequest request) {
		String upgrade = request.getHeader(HttpHeaders.UPGRADE);
		return upgrade != null && upgrade.equalsIgnoreCase("websocket");
	}

}

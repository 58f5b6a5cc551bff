package dev.acp.spring.transport.websocket;

import java.security.Principal;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Requires {@code Authorization: Bearer <token>} on the WebSocket handshake, for
 * applications without Spring Security: a missing or wrong token is answered 401 with
 * {@code WWW-Authenticate: Bearer} and no socket opens. Tokens are compared in constant
 * time; the token is never logged nor shown by {@link #toString()}. The client is given
 * the principal {@link #PRINCIPAL_NAME}.
 *
 * @author ACP Spring Boot Starter contributors
 * @see BearerToken
 */
public final class BearerTokenHandshakeInterceptor implements HandshakeInterceptor {

	/** The name of the principal of a client that presented the token. */
	public static final String PRINCIPAL_NAME = BearerToken.PRINCIPAL_NAME;

	private final BearerToken token;

	/**
	 * Create an interceptor.
	 * @param token the token clients must present (not empty)
	 */
	public BearerTokenHandshakeInterceptor(String token) {
		this(new BearerToken(token));
	}

	/**
	 * Create an interceptor.
	 * @param token the token clients must present
	 */
	public BearerTokenHandshakeInterceptor(BearerToken token) {
		this.token = token;
	}

	@Override
	public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			Map<String, Object> attributes) {
		Principal principal = this.token.authenticate(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
		if (principal != null) {
			attributes.put(AcpWebSocketHandler.PRINCIPAL_ATTRIBUTE, principal);
			return true;
		}
		response.setStatusCode(HttpStatus.UNAUTHORIZED);
		response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, BearerToken.CHALLENGE);
		return false;
	}

	@Override
	public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			@Nullable Exception exception) {
	}

	@Override
	public String toString() {
		return "BearerTokenHandshakeInterceptor[token=******]";
	}

}

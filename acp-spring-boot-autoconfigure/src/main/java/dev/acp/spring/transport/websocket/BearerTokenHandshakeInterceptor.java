package dev.acp.spring.transport.websocket;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.Principal;
import java.util.Map;

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
 */
public final class BearerTokenHandshakeInterceptor implements HandshakeInterceptor {

	/** The name of the principal of a client that presented the token. */
	public static final String PRINCIPAL_NAME = "bearer";

	private static final String PREFIX = "Bearer ";

	private final byte[] expectedDigest;

	/**
	 * Create an interceptor.
	 * @param token the token clients must present (not empty)
	 */
	public BearerTokenHandshakeInterceptor(String token) {
		if (token == null || token.isBlank()) {
			throw new IllegalArgumentException("The bearer token must not be empty");
		}
		this.expectedDigest = digest(token.strip());
	}

	@Override
	public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			Map<String, Object> attributes) {
		String authorization = request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION);
		if (authorization != null && authorization.regionMatches(true, 0, PREFIX, 0, PREFIX.length()) && MessageDigest
			.isEqual(this.expectedDigest, digest(authorization.substring(PREFIX.length()).strip()))) {
			attributes.put(AcpWebSocketHandler.PRINCIPAL_ATTRIBUTE, new BearerPrincipal());
			return true;
		}
		response.setStatusCode(HttpStatus.UNAUTHORIZED);
		response.getHeaders().set(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
		return false;
	}

	@Override
	public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			Exception exception) {
	}

	private static byte[] digest(String token) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public String toString() {
		return "BearerTokenHandshakeInterceptor[token=******]";
	}

	/**
	 * The principal of a client that presented the bearer token.
	 */
	private record BearerPrincipal() implements Principal {

		@Override
		public String getName() {
			return PRINCIPAL_NAME;
		}

	}

}

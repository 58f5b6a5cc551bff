package dev.acp.spring.transport.websocket;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Refuses a WebSocket handshake whose {@code Host} the {@link AllowedHosts} do not serve
 * (DNS rebinding) with 421 and a short plain body, before anything of a connection is
 * made. Put it first among the handshake interceptors.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AllowedHostsHandshakeInterceptor implements HandshakeInterceptor {

	private static final Log logger = LogFactory.getLog(AllowedHostsHandshakeInterceptor.class);

	private final AllowedHosts allowedHosts;

	/**
	 * Create an interceptor.
	 * @param allowedHosts the hosts served
	 */
	public AllowedHostsHandshakeInterceptor(AllowedHosts allowedHosts) {
		this.allowedHosts = allowedHosts;
	}

	@Override
	public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			Map<String, Object> attributes) throws Exception {
		if ((request instanceof ServletServerHttpRequest servlet)
				? this.allowedHosts.allows(servlet.getServletRequest())
				: this.allowedHosts.allows(request.getHeaders().getFirst(HttpHeaders.HOST), localAddress(request))) {
			return true;
		}
		logger.debug("Refused a WebSocket handshake for a Host that is not allowed");
		response.setStatusCode(HttpStatusCode.valueOf(AllowedHosts.REFUSAL_STATUS));
		response.getHeaders().setContentType(new MediaType(MediaType.TEXT_PLAIN, StandardCharsets.UTF_8));
		response.getBody().write(AllowedHosts.REFUSAL.getBytes(StandardCharsets.UTF_8));
		return false;
	}

	private static @Nullable String localAddress(ServerHttpRequest request) {
		InetSocketAddress local = request.getLocalAddress();
		return (local.getAddress() != null) ? local.getAddress().getHostAddress() : null;
	}

	@Override
	public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			@Nullable Exception exception) {
	}

}

package dev.acp.spring.transport.websocket;

import java.security.Principal;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import org.jspecify.annotations.Nullable;

import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.socket.WebSocketExtension;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.server.HandshakeFailureException;
import org.springframework.web.socket.server.RequestUpgradeStrategy;
import org.springframework.web.socket.server.support.DefaultHandshakeHandler;

/**
 * The handshake of the ACP endpoint: it declines every WebSocket extension the client
 * offers (permessage-deflate, the only one Tomcat installs, costs about 50 KiB of heap
 * and 145 KiB of native memory per socket for messages that are short JSON) unless
 * compression is allowed. Tomcat negotiates extensions from the request's
 * {@code Sec-WebSocket-Extensions} header whatever the handshake handler selects, so the
 * header is also hidden from the container's upgrade.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpHandshakeHandler extends DefaultHandshakeHandler {

	private static final String EXTENSIONS = "Sec-WebSocket-Extensions";

	private final boolean permessageDeflate;

	/**
	 * Create a handshake handler on the container's upgrade strategy.
	 * @param permessageDeflate whether extensions the client offers (permessage-deflate)
	 * may be negotiated
	 */
	public AcpHandshakeHandler(boolean permessageDeflate) {
		super(permessageDeflate ? detected() : new ExtensionsHidden(detected()));
		this.permessageDeflate = permessageDeflate;
	}

	private static RequestUpgradeStrategy detected() {
		return new DefaultHandshakeHandler().getRequestUpgradeStrategy();
	}

	@Override
	protected List<WebSocketExtension> filterRequestedExtensions(ServerHttpRequest request,
			List<WebSocketExtension> requestedExtensions, List<WebSocketExtension> supportedExtensions) {
		return this.permessageDeflate
				? super.filterRequestedExtensions(request, requestedExtensions, supportedExtensions) : List.of();
	}

	/**
	 * Upgrades on a request whose {@code Sec-WebSocket-Extensions} header is hidden.
	 */
	private static final class ExtensionsHidden implements RequestUpgradeStrategy {

		private final RequestUpgradeStrategy delegate;

		ExtensionsHidden(RequestUpgradeStrategy delegate) {
			this.delegate = delegate;
		}

		@Override
		public String[] getSupportedVersions() {
			return this.delegate.getSupportedVersions();
		}

		@Override
		public List<WebSocketExtension> getSupportedExtensions(ServerHttpRequest request) {
			return this.delegate.getSupportedExtensions(request);
		}

		@Override
		public void upgrade(ServerHttpRequest request, ServerHttpResponse response, @Nullable String selectedProtocol,
				List<WebSocketExtension> selectedExtensions, @Nullable Principal user, WebSocketHandler wsHandler,
				Map<String, Object> attributes) throws HandshakeFailureException {
			ServerHttpRequest upgraded = request;
			if (request instanceof ServletServerHttpRequest servlet
					&& servlet.getServletRequest().getHeader(EXTENSIONS) != null) {
				upgraded = new ServletServerHttpRequest(new WithoutExtensions(servlet.getServletRequest()));
			}
			this.delegate.upgrade(upgraded, response, selectedProtocol, selectedExtensions, user, wsHandler,
					attributes);
		}

	}

	/**
	 * A request without its {@code Sec-WebSocket-Extensions} header.
	 */
	private static final class WithoutExtensions extends HttpServletRequestWrapper {

		WithoutExtensions(HttpServletRequest request) {
			super(request);
		}

		@Override
		public @Nullable String getHeader(String name) {
			return EXTENSIONS.equalsIgnoreCase(name) ? null : super.getHeader(name);
		}

		@Override
		public Enumeration<String> getHeaders(String name) {
			return EXTENSIONS.equalsIgnoreCase(name) ? Collections.emptyEnumeration() : super.getHeaders(name);
		}

		@Override
		public Enumeration<String> getHeaderNames() {
			return Collections.enumeration(Collections.list(super.getHeaderNames())
				.stream()
				.filter((name) -> !EXTENSIONS.equalsIgnoreCase(name))
				.toList());
		}

	}

}

package dev.acp.spring.transport.http;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.handler.AbstractHandlerMapping;

/**
 * Maps the ACP endpoint's path to the {@link StreamableHttpHandler} for every request but
 * a WebSocket upgrade, which falls through to the WebSocket handler mapping of the same
 * path (ordered after this one).
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
		this.path = path;
		this.handler = handler;
		setOrder(-1);
	}

	@Override
	protected Object getHandlerInternal(HttpServletRequest request) {
		if (!this.path.equals(initLookupPath(request)) || isWebSocketUpgrade(request)) {
			return null;
		}
		return this.handler;
	}

	private static boolean isWebSocketUpgrade(HttpServletRequest request) {
		String upgrade = request.getHeader(HttpHeaders.UPGRADE);
		return upgrade != null && upgrade.equalsIgnoreCase("websocket");
	}

}

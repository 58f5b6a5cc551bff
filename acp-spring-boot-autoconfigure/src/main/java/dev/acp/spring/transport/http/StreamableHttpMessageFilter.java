package dev.acp.spring.transport.http;

import java.io.IOException;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;

/**
 * Serves the {@code POST}s that carry an open connection's messages straight from the end
 * of the filter chain, without the dispatcher servlet's per-request work: it runs after
 * every filter ordered before it (Spring Security's among them), and serves only a
 * request the {@link StreamableHttpHandlerMapping} would hand to the same handler with
 * nothing else to do: no {@code Origin} (no CORS), no handler interceptor. Every other
 * request goes on down the chain.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StreamableHttpMessageFilter implements Filter {

	private final String path;

	private final StreamableHttpHandler handler;

	private final StreamableHttpHandlerMapping mapping;

	/**
	 * Create a filter.
	 * @param path the ACP endpoint's path (within the servlet's mapping)
	 * @param handler the handler
	 * @param mapping the handler mapping of the path
	 */
	public StreamableHttpMessageFilter(String path, StreamableHttpHandler handler,
			StreamableHttpHandlerMapping mapping) {
		this.path = path;
		this.handler = handler;
		this.mapping = mapping;
	}

	@Override
	public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		if (request instanceof HttpServletRequest http && response instanceof HttpServletResponse httpResponse
				&& isDirect(http)) {
			this.handler.handleRequest(http, httpResponse);
			return;
		}
		chain.doFilter(request, response);
	}

	private boolean isDirect(HttpServletRequest request) {
		if (!"POST".equals(request.getMethod()) || request.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER) == null
				|| request.getHeader(HttpHeaders.ORIGIN) != null) {
			return false;
		}
		String pathInfo = request.getPathInfo();
		return this.path.equals((pathInfo != null) ? pathInfo : request.getServletPath())
				&& !this.mapping.hasInterceptors();
	}

}

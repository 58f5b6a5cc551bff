package dev.acp.spring.inspector.bridge;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Who may use the bridge: a network client is a stranger, even on 127.0.0.1. In order,
 * before anything else is done: a {@code Host} other than {@code 127.0.0.1:<port>} or
 * {@code localhost:<port>} is refused 421 (DNS rebinding); an {@code Origin}, when
 * present, other than {@code http://127.0.0.1:<port>} or {@code http://localhost:<port>}
 * is refused 403 (another site's page); every request but the page's own files needs the
 * token (401): the WebSocket handshake as {@code ?token=}, other requests as
 * {@code Authorization: Bearer}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class BridgeRequestFilter extends OncePerRequestFilter {

	/** The path of the page and its files. */
	static final String PAGE_PATH = "/inspector/";

	/** The path of the WebSocket to the agent. */
	static final String AGENT_PATH = "/inspector/agent";

	private static final Pattern PLAIN_PATH = Pattern.compile("[A-Za-z0-9._/-]+");

	private static final Set<String> LOOPBACK_NAMES = Set.of("127.0.0.1", "localhost");

	private static final Set<String> API_PATHS = Set.of(AGENT_PATH, "/inspector/config.json", "/inspector/validate",
			"/inspector/workspace");

	private final InspectorToken token;

	BridgeRequestFilter(InspectorToken token) {
		this.token = token;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		int port = request.getLocalPort();
		if (!isLoopbackHost(request.getHeader(HttpHeaders.HOST), port)) {
			refuse(response, 421, "Host not allowed");
			return;
		}
		String origin = request.getHeader(HttpHeaders.ORIGIN);
		if (origin != null && !isLoopbackOrigin(origin, port)) {
			refuse(response, HttpServletResponse.SC_FORBIDDEN, "Origin not allowed");
			return;
		}
		if (needsToken(request) && !presentsToken(request)) {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer");
			refuse(response, HttpServletResponse.SC_UNAUTHORIZED, "The inspector's token is needed");
			return;
		}
		chain.doFilter(request, response);
	}

	static boolean isLoopbackHost(@Nullable String host, int port) {
		if (host == null) {
			return false;
		}
		String value = host.strip().toLowerCase(Locale.ROOT);
		int colon = value.lastIndexOf(':');
		return colon > 0 && LOOPBACK_NAMES.contains(value.substring(0, colon))
				&& value.substring(colon + 1).equals(Integer.toString(port));
	}

	static boolean isLoopbackOrigin(String origin, int port) {
		String value = origin.strip().toLowerCase(Locale.ROOT);
		return value.startsWith("http://") && isLoopbackHost(value.substring("http://".length()), port);
	}

	/**
	 * Whether a request is for anything but one of the page's files: those are read with
	 * GET or HEAD at a plain path below {@link #PAGE_PATH} (no escapes, dot segments nor
	 * parameters, which could name another path once decoded).
	 */
	private static boolean needsToken(HttpServletRequest request) {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		boolean read = "GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod());
		return !read || !PLAIN_PATH.matcher(path).matches() || path.contains("/.") || path.contains("//")
				|| !path.startsWith(PAGE_PATH) || API_PATHS.contains(path);
	}

	private boolean presentsToken(HttpServletRequest request) {
		String path = request.getRequestURI().substring(request.getContextPath().length());
		if (AGENT_PATH.equals(path)) {
			return this.token.matches(request.getParameter("token"));
		}
		return this.token.authorizes(request.getHeader(HttpHeaders.AUTHORIZATION));
	}

	private static void refuse(HttpServletResponse response, int status, String message) throws IOException {
		response.setStatus(status);
		response.setContentType(MediaType.TEXT_PLAIN_VALUE);
		response.setCharacterEncoding(StandardCharsets.UTF_8.name());
		response.getWriter().write(message);
	}

}

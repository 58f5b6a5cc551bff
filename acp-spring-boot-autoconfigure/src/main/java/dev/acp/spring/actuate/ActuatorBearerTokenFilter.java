package dev.acp.spring.actuate;

import java.io.IOException;
import java.security.Principal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import dev.acp.spring.transport.websocket.BearerToken;

import org.springframework.http.HttpHeaders;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Requires the WebSocket transport's bearer token on the actuator endpoints, for
 * applications without Spring Security: a request under a guarded path without
 * {@code Authorization: Bearer <token>} (or with another token) is answered 401 with
 * {@code WWW-Authenticate: Bearer}. The health endpoint answers without the token, as an
 * anonymous request (its status alone); with the token, any request is given the
 * principal {@link BearerToken#PRINCIPAL_NAME}, so health shows what is configured for
 * authorized requests.
 * <p>
 * A path is matched both within the application and within the servlet that serves it (so
 * a {@code spring.mvc.servlet.path} prefix is covered), ignoring case; a request that
 * matches any guarded path other than health needs the token.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class ActuatorBearerTokenFilter extends OncePerRequestFilter {

	private final BearerToken token;

	private final List<String> guardedPaths;

	private final List<String> openPaths;

	/**
	 * Create a filter.
	 * @param token the token
	 * @param guardedPaths the paths (and the paths below them) that need the token
	 * @param openPaths the paths (and the paths below them) among those that answer
	 * without it
	 */
	public ActuatorBearerTokenFilter(BearerToken token, Collection<String> guardedPaths, Collection<String> openPaths) {
		this.token = token;
		this.guardedPaths = normalize(guardedPaths);
		this.openPaths = normalize(openPaths);
	}

	private static List<String> normalize(Collection<String> paths) {
		List<String> normalized = new ArrayList<>();
		for (String path : paths) {
			String lower = path.toLowerCase(Locale.ROOT);
			while (lower.endsWith("/")) {
				lower = lower.substring(0, lower.length() - 1);
			}
			if (!lower.isEmpty()) {
				normalized.add(lower);
			}
		}
		return List.copyOf(normalized);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		Access access = access(request);
		if (access == Access.UNGUARDED) {
			chain.doFilter(request, response);
			return;
		}
		Principal principal = this.token.authenticate(request.getHeader(HttpHeaders.AUTHORIZATION));
		if (principal != null) {
			chain.doFilter(new AuthenticatedRequest(request, principal), response);
		}
		else if (access == Access.OPEN) {
			chain.doFilter(request, response);
		}
		else {
			response.setHeader(HttpHeaders.WWW_AUTHENTICATE, BearerToken.CHALLENGE);
			response.sendError(HttpServletResponse.SC_UNAUTHORIZED);
		}
	}

	private Access access(HttpServletRequest request) {
		String servletPath = (request.getServletPath() != null) ? request.getServletPath() : "";
		String pathInfo = request.getPathInfo();
		List<String> candidates = new ArrayList<>(2);
		candidates.add((pathInfo != null) ? servletPath + pathInfo : servletPath);
		if (pathInfo != null) {
			candidates.add(pathInfo);
		}
		Access access = Access.UNGUARDED;
		for (String candidate : candidates) {
			String path = candidate.toLowerCase(Locale.ROOT);
			if (matches(this.guardedPaths, path)) {
				if (!matches(this.openPaths, path)) {
					return Access.GUARDED;
				}
				access = Access.OPEN;
			}
		}
		return access;
	}

	private static boolean matches(List<String> prefixes, String path) {
		for (String prefix : prefixes) {
			if (path.equals(prefix) || path.startsWith(prefix + "/")) {
				return true;
			}
		}
		return false;
	}

	@Override
	public String toString() {
		return "ActuatorBearerTokenFilter[guarded=" + this.guardedPaths + ", open=" + this.openPaths + "]";
	}

	private enum Access {

		UNGUARDED, OPEN, GUARDED

	}

	/**
	 * A request that presented the token: its user is the token's principal.
	 */
	private static final class AuthenticatedRequest extends HttpServletRequestWrapper {

		private final Principal principal;

		AuthenticatedRequest(HttpServletRequest request, Principal principal) {
			super(request);
			this.principal = principal;
		}

		@Override
		public Principal getUserPrincipal() {
			return this.principal;
		}

		@Override
		public String getRemoteUser() {
			return this.principal.getName();
		}

		@Override
		public String getAuthType() {
			return BearerToken.CHALLENGE;
		}

	}

}

package dev.acp.spring.transport.http;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationPredicate;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.server.observation.ServerRequestObservationContext;

/**
 * Turns off the servlet container's per-request observation ({@code http.server.requests}
 * and its span) for the {@code POST}s that carry one message of an open Streamable HTTP
 * connection: each message already gets its own {@code acp} observation, as it does over
 * WebSocket, whose messages get no HTTP observation. The {@code POST} that opens a
 * connection (no {@code Acp-Connection-Id}), the event streams' {@code GET}s, the
 * {@code DELETE} and every other path are observed as before.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StreamableHttpObservationPredicate implements ObservationPredicate {

	private final String path;

	/**
	 * Create a predicate.
	 * @param path the ACP endpoint's path (within the servlet's mapping)
	 */
	public StreamableHttpObservationPredicate(String path) {
		this.path = path;
	}

	@Override
	public boolean test(String name, Observation.Context context) {
		if (!(context instanceof ServerRequestObservationContext server)) {
			return true;
		}
		HttpServletRequest request = server.getCarrier();
		return request == null || !isMessagePost(request);
	}

	private boolean isMessagePost(HttpServletRequest request) {
		if (!"POST".equals(request.getMethod())
				|| request.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER) == null) {
			return false;
		}
		String pathInfo = request.getPathInfo();
		return this.path.equals((pathInfo != null) ? pathInfo : request.getServletPath());
	}

}

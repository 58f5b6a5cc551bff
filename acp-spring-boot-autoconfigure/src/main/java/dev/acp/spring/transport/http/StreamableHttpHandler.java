package dev.acp.spring.transport.http;

import java.io.IOException;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.function.IntConsumer;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.websocket.AllowedHosts;
import dev.acp.spring.transport.websocket.BearerToken;
import dev.acp.spring.transport.websocket.ConnectionSlots;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.util.WebUtils;

import static dev.acp.spring.transport.http.HttpResponses.plain;

/**
 * Serves ACP over Streamable HTTP (the ACP RFD "Streamable HTTP &amp; WebSocket
 * Transport") at the endpoint that also takes WebSocket upgrades. {@code POST} carries
 * one client message: {@code initialize} without {@code Acp-Connection-Id} opens a
 * connection and is answered {@code 200} with its answer and the id in
 * {@code Acp-Connection-Id}; every other message needs that header ({@code 400} without,
 * {@code 404} for a connection that is unknown or ended) and is answered {@code 202} at
 * once, its answer coming later on a stream. {@code GET} with
 * {@code Accept: text/event-stream} opens the connection's event stream, or with
 * {@code Acp-Session-Id} that session's. {@code DELETE} ends the connection as end of
 * input ends a stdio one: requests in flight drain, the rest are answered -32800, then
 * the streams end. A connection is bound to the principal that opened it; another
 * principal is told it does not exist. A request whose {@code Host} is not allowed (DNS
 * rebinding, see {@link AllowedHosts}) is answered 421 before anything else. This class
 * checks host, origin and token and routes by method: {@link MessagePosts} serves the
 * {@code POST}s, {@link EventStreamRequests} the {@code GET}s, {@link HttpConnections}
 * holds the connections.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StreamableHttpHandler implements HttpRequestHandler {

	/** The header carrying the connection id. */
	public static final String CONNECTION_ID_HEADER = "Acp-Connection-Id";

	/** The header carrying the session id. */
	public static final String SESSION_ID_HEADER = "Acp-Session-Id";

	private final HttpTransportSettings settings;

	private final @Nullable BearerToken bearerToken;

	private final AllowedHosts allowedHosts;

	private final CorsConfiguration origins;

	private final HttpConnections connections;

	private final MessagePosts posts;

	private final EventStreamRequests streams;

	/**
	 * Create a handler.
	 * @param connectionFactory opens the connections
	 * @param codec the codec of the connections
	 * @param settings the limits
	 * @param bearerToken the token clients must present, or {@code null} for none
	 */
	public StreamableHttpHandler(JsonRpcConnectionFactory connectionFactory, JsonRpcCodec codec,
			HttpTransportSettings settings, @Nullable BearerToken bearerToken) {
		this(connectionFactory, codec, settings, bearerToken, new AllowedHosts(List.of()));
	}

	/**
	 * Create a handler.
	 * @param connectionFactory opens the connections
	 * @param codec the codec of the connections
	 * @param settings the limits
	 * @param bearerToken the tokens clients must present, or {@code null} for none
	 * @param allowedHosts the {@code Host} values served
	 */
	public StreamableHttpHandler(JsonRpcConnectionFactory connectionFactory, JsonRpcCodec codec,
			HttpTransportSettings settings, @Nullable BearerToken bearerToken, AllowedHosts allowedHosts) {
		this.settings = settings;
		this.bearerToken = bearerToken;
		this.allowedHosts = allowedHosts;
		this.origins = new CorsConfiguration();
		if (!settings.allowedOrigins().isEmpty()) {
			this.origins.setAllowedOriginPatterns(settings.allowedOrigins());
		}
		this.connections = new HttpConnections(connectionFactory, settings);
		this.posts = new MessagePosts(codec, settings, this.connections);
		this.streams = new EventStreamRequests(this.connections);
	}

	/**
	 * Take connection slots from the given ones (those of the WebSocket transport, so
	 * both count against one limit); call before the first request.
	 * @param slots the slots
	 */
	public void setConnectionSlots(ConnectionSlots slots) {
		this.connections.setSlots(slots);
	}

	@Override
	public void handleRequest(HttpServletRequest request, HttpServletResponse response) throws IOException {
		if (!this.allowedHosts.allows(request)) {
			plain(response, AllowedHosts.REFUSAL_STATUS, AllowedHosts.REFUSAL);
			return;
		}
		if (!originAllowed(request)) {
			plain(response, HttpServletResponse.SC_FORBIDDEN, "Origin not allowed");
			return;
		}
		Principal principal = request.getUserPrincipal();
		if (this.bearerToken != null) {
			Principal bearer = this.bearerToken.authenticate(request.getHeader(HttpHeaders.AUTHORIZATION));
			if (bearer == null) {
				response.setHeader(HttpHeaders.WWW_AUTHENTICATE, BearerToken.CHALLENGE);
				plain(response, HttpServletResponse.SC_UNAUTHORIZED, "Unauthorized");
				return;
			}
			if (principal == null) {
				principal = bearer;
			}
		}
		String principalName = (principal != null) ? principal.getName() : null;
		switch (request.getMethod()) {
			case "POST" -> this.posts.post(request, response, principal, principalName);
			case "GET" -> this.streams.get(request, response, principalName);
			case "DELETE" -> delete(request, response, principalName);
			default -> {
				response.setHeader(HttpHeaders.ALLOW, "GET, POST, DELETE");
				plain(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "Method not allowed");
			}
		}
	}

	private boolean originAllowed(HttpServletRequest request) {
		if (request.getHeader(HttpHeaders.ORIGIN) == null) {
			return true;
		}
		return WebUtils.isSameOrigin(new ServletServerHttpRequest(request))
				|| this.origins.checkOrigin(request.getHeader(HttpHeaders.ORIGIN)) != null;
	}

	private void delete(HttpServletRequest request, HttpServletResponse response, @Nullable String principalName)
			throws IOException {
		String connectionId = request.getHeader(CONNECTION_ID_HEADER);
		if (connectionId == null) {
			plain(response, HttpServletResponse.SC_BAD_REQUEST, "Missing Acp-Connection-Id");
			return;
		}
		HttpConnection connection = this.connections.find(connectionId, principalName);
		if (connection == null) {
			HttpResponses.unknownConnection(response);
			return;
		}
		this.connections.end(connection, this.settings.drainTimeout(), false);
		response.setStatus(HttpServletResponse.SC_ACCEPTED);
	}

	/**
	 * Stop accepting connections, end every connection in parallel (requests in flight
	 * drain within {@code drain}, the rest are answered -32800), and wait briefly for the
	 * readers to take the last events.
	 * @param drain how long requests in flight may take
	 */
	public void shutdown(Duration drain) {
		this.connections.shutdown(drain);
	}

	/**
	 * Tell a consumer the size of each buffer allocated to read a request body.
	 * @param allocations the consumer
	 */
	void bodyAllocations(IntConsumer allocations) {
		this.posts.bodyAllocations(allocations);
	}

	/**
	 * Whether connections are still accepted (not shutting down).
	 * @return whether accepting
	 */
	public boolean isAccepting() {
		return this.connections.isAccepting();
	}

	/**
	 * The number of open HTTP connections.
	 * @return the count
	 */
	public int openConnections() {
		return this.connections.size();
	}

}

package dev.acp.spring.transport.http;

import java.io.IOException;
import java.util.Collections;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

import static dev.acp.spring.transport.http.HttpResponses.plain;

/**
 * The {@code GET}s of the Streamable HTTP transport: each opens an event stream, the
 * connection's or, with {@code Acp-Session-Id}, that session's, as an asynchronous
 * response that reads the stream until it ends or its reader leaves.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class EventStreamRequests {

	private static final String EVENT_STREAM = "text/event-stream";

	private final HttpConnections connections;

	EventStreamRequests(HttpConnections connections) {
		this.connections = connections;
	}

	/**
	 * Serve a {@code GET}.
	 * @param request the request
	 * @param response the response
	 * @param principalName the name of the principal, or {@code null}
	 * @throws IOException if the response cannot be written
	 */
	void get(HttpServletRequest request, HttpServletResponse response, @Nullable String principalName)
			throws IOException {
		String connectionId = request.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER);
		if (connectionId == null) {
			plain(response, HttpServletResponse.SC_BAD_REQUEST, "Missing Acp-Connection-Id (or Upgrade: websocket)");
			return;
		}
		if (!acceptsEventStream(request)) {
			plain(response, HttpServletResponse.SC_NOT_ACCEPTABLE, "Accept must include text/event-stream");
			return;
		}
		HttpConnection connection = this.connections.find(connectionId, principalName);
		if (connection == null) {
			HttpResponses.unknownConnection(response);
			return;
		}
		connection.touch();
		String sessionId = request.getHeader(StreamableHttpHandler.SESSION_ID_HEADER);
		EventStream stream = (sessionId != null) ? connection.sessionStream(sessionId) : connection.connectionStream();
		if (stream == null) {
			if (connection.isEnded()) {
				HttpResponses.unknownConnection(response);
			}
			else {
				plain(response, 429, "Too many session streams on this connection");
			}
			return;
		}
		response.setStatus(HttpServletResponse.SC_OK);
		response.setContentType(EVENT_STREAM);
		response.setHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
		response.setHeader("X-Accel-Buffering", "no");
		AsyncContext context = request.startAsync();
		context.setTimeout(0);
		boolean attached = attach(connection, sessionId, stream, context);
		if (!attached && sessionId != null && stream.isDropped()) {
			// its last reader left just now and it was dropped: a new one takes its place
			EventStream next = connection.sessionStream(sessionId);
			attached = next != null && attach(connection, sessionId, next, context);
		}
		if (!attached) {
			response.reset();
			if (connection.isEnded()) {
				HttpResponses.unknownConnection(response);
			}
			else {
				plain(response, HttpServletResponse.SC_CONFLICT, "The stream already has a reader");
			}
			context.complete();
		}
	}

	private static boolean attach(HttpConnection connection, @Nullable String sessionId, EventStream stream,
			AsyncContext context) throws IOException {
		if (sessionId == null) {
			return stream.attach(context, connection::readerGone);
		}
		return stream.attach(context, () -> connection.sessionReaderGone(sessionId, stream));
	}

	private static boolean acceptsEventStream(HttpServletRequest request) {
		for (String accept : Collections.list(request.getHeaders(HttpHeaders.ACCEPT))) {
			try {
				for (MediaType type : MediaType.parseMediaTypes(accept)) {
					if (type.getType().equals("text") && type.getSubtype().equals("event-stream")) {
						return true;
					}
				}
			}
			catch (RuntimeException ex) {
				return false;
			}
		}
		return false;
	}

}

package dev.acp.spring.transport.http;

import java.io.IOException;
import java.io.InputStream;
import java.security.Principal;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntConsumer;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcDecodeException;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcMessage;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.jsonrpc.JsonRpcRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import org.springframework.http.MediaType;

import static dev.acp.spring.transport.http.HttpResponses.json;
import static dev.acp.spring.transport.http.HttpResponses.plain;

/**
 * The {@code POST}s of the Streamable HTTP transport, each carrying one client message:
 * {@code initialize} without {@code Acp-Connection-Id} opens a connection and is answered
 * {@code 200} with its answer; every other message is handed to its connection and
 * answered {@code 202} at once, after its {@code Acp-Session-Id} is checked and the
 * stream its answer goes to is recorded.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class MessagePosts {

	/** Methods whose POST must carry {@code Acp-Session-Id}. */
	private static final Set<String> SESSION_METHODS = Set.of("session/cancel", "session/close", "session/delete",
			"session/fork", "session/load", "session/prompt", "session/resume", "session/set_config_option",
			"session/set_mode", "session/set_model");

	private final JsonRpcCodec codec;

	private final HttpTransportSettings settings;

	private final HttpConnections connections;

	/** Told the size of each buffer allocated to read a request body (tests). */
	private volatile IntConsumer bodyAllocations = (size) -> {
	};

	MessagePosts(JsonRpcCodec codec, HttpTransportSettings settings, HttpConnections connections) {
		this.codec = codec;
		this.settings = settings;
		this.connections = connections;
	}

	/**
	 * Tell a consumer the size of each buffer allocated to read a request body.
	 * @param allocations the consumer
	 */
	void bodyAllocations(IntConsumer allocations) {
		this.bodyAllocations = allocations;
	}

	/**
	 * Serve a {@code POST}.
	 * @param request the request
	 * @param response the response
	 * @param principal the principal, or {@code null}
	 * @param principalName its name, or {@code null}
	 * @throws IOException if the request cannot be read or the response written
	 */
	void post(HttpServletRequest request, HttpServletResponse response, @Nullable Principal principal,
			@Nullable String principalName) throws IOException {
		if (!isJson(request.getContentType())) {
			plain(response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, "Content-Type must be application/json");
			return;
		}
		String connectionId = request.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER);
		HttpConnection connection = null;
		if (connectionId != null) {
			// an unknown connection is answered before a byte of its body is read
			connection = this.connections.find(connectionId, principalName);
			if (connection == null) {
				HttpResponses.unknownConnection(response);
				return;
			}
		}
		byte[] body = readBody(request);
		if (body == null) {
			plain(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
					"Message exceeds the maximum size of " + this.settings.maxMessageSize() + " bytes");
			return;
		}
		JsonNode node;
		try {
			node = this.codec.mapper().readTree(body);
		}
		catch (JacksonException | IllegalArgumentException ex) {
			json(response, HttpServletResponse.SC_BAD_REQUEST,
					this.codec.encodeError(null, JsonRpcError.parseError("Invalid JSON")));
			return;
		}
		if (node != null && node.isArray()) {
			json(response, HttpServletResponse.SC_NOT_IMPLEMENTED,
					this.codec.encodeError(null, JsonRpcError.invalidRequest("Batches are not supported")));
			return;
		}
		if (connection == null) {
			if (node != null && node.isObject() && "initialize".equals(node.path("method").asString(null))
					&& node.has("id")) {
				initialize(node, response, principal, principalName);
			}
			else {
				plain(response, HttpServletResponse.SC_BAD_REQUEST, "Missing Acp-Connection-Id");
			}
			return;
		}
		connection.touch();
		JsonRpcMessage message;
		try {
			message = this.codec.decode(node);
		}
		catch (JsonRpcDecodeException ex) {
			if (ex.isNotification()) {
				response.setStatus(HttpServletResponse.SC_ACCEPTED);
				return;
			}
			json(response, HttpServletResponse.SC_BAD_REQUEST, this.codec.encodeError(ex.getId(), ex.getError()));
			return;
		}
		String sessionHeader = request.getHeader(StreamableHttpHandler.SESSION_ID_HEADER);
		if (message instanceof JsonRpcRequest || message instanceof JsonRpcNotification) {
			String method = (message instanceof JsonRpcRequest call) ? call.method()
					: ((JsonRpcNotification) message).method();
			JsonNode params = (message instanceof JsonRpcRequest call) ? call.params()
					: ((JsonRpcNotification) message).params();
			JsonNode sessionParam = (params != null && params.isObject()) ? params.get("sessionId") : null;
			String paramsSessionId = (sessionParam != null && sessionParam.isString()) ? sessionParam.asString() : null;
			if (sessionHeader == null && (SESSION_METHODS.contains(method) || paramsSessionId != null)) {
				plain(response, HttpServletResponse.SC_BAD_REQUEST, "Missing Acp-Session-Id");
				return;
			}
			if (sessionHeader != null && paramsSessionId != null && !sessionHeader.equals(paramsSessionId)) {
				plain(response, HttpServletResponse.SC_BAD_REQUEST, "Acp-Session-Id does not match params.sessionId");
				return;
			}
			if (message instanceof JsonRpcRequest call) {
				String answerSession = "session/load".equals(method) ? null : sessionHeader;
				connection.answerOn(key(call.id()), answerSession);
			}
		}
		response.setStatus(HttpServletResponse.SC_ACCEPTED);
		connection.receive(message);
	}

	private void initialize(JsonNode node, HttpServletResponse response, @Nullable Principal principal,
			@Nullable String principalName) throws IOException {
		HttpConnection connection = this.connections.open(principal, principalName);
		if (connection == null) {
			plain(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "No more connections are accepted");
			return;
		}
		JsonRpcMessage message;
		try {
			message = this.codec.decode(node);
		}
		catch (JsonRpcDecodeException ex) {
			this.connections.end(connection, Duration.ZERO, false);
			json(response, HttpServletResponse.SC_BAD_REQUEST, this.codec.encodeError(ex.getId(), ex.getError()));
			return;
		}
		CompletableFuture<byte @Nullable []> answer = connection.expectInitializeAnswer(key(node.get("id")));
		connection.receive(message);
		byte @Nullable [] frame;
		try {
			frame = answer.get(this.settings.initializeTimeout().toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			frame = null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			frame = null;
		}
		if (frame == null) {
			this.connections.end(connection, Duration.ZERO, false);
			plain(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "The connection could not be initialized");
			return;
		}
		response.setHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		json(response, HttpServletResponse.SC_OK, frame);
	}

	private static String key(JsonNode id) {
		return OutboundRoute.key(id.isString(), id.asString());
	}

	private static boolean isJson(@Nullable String contentType) {
		if (contentType == null) {
			return false;
		}
		if (contentType.equalsIgnoreCase(MediaType.APPLICATION_JSON_VALUE)) {
			return true;
		}
		try {
			MediaType type = MediaType.parseMediaType(contentType);
			return MediaType.APPLICATION_JSON.equalsTypeAndSubtype(type);
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private byte @Nullable [] readBody(HttpServletRequest request) throws IOException {
		try (InputStream input = request.getInputStream()) {
			return RequestBodyReader.read(input, request.getContentLengthLong(), this.settings.maxMessageSize(),
					this.bodyAllocations);
		}
	}

}

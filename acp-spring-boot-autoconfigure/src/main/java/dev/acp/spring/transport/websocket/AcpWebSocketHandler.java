package dev.acp.spring.transport.websocket;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcError;

import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.adapter.NativeWebSocketSession;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.ConcurrentWebSocketSessionDecorator;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Carries one ACP connection per WebSocket: one JSON-RPC message per text frame (partial
 * frames are joined up to the message size limit; a larger message is answered -32600 and
 * the connection continues), binary frames refused with 1003, a bounded send buffer per
 * socket (a client that does not read is disconnected), at most a given number of
 * sockets. The handshake answer carries the connection id in {@code Acp-Connection-Id}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpWebSocketHandler implements WebSocketHandler, HandshakeInterceptor {

	/** The handshake response header that carries the connection id. */
	public static final String CONNECTION_ID_HEADER = "Acp-Connection-Id";

	private static final Log logger = LogFactory.getLog(AcpWebSocketHandler.class);

	private static final String CONNECTION_ID = AcpWebSocketHandler.class.getName() + ".connectionId";

	private final JsonRpcConnectionFactory connectionFactory;

	private final Settings settings;

	private final Map<String, Socket> sockets = new ConcurrentHashMap<>();

	private volatile boolean accepting = true;

	/**
	 * Create a handler.
	 * @param connectionFactory opens the connections
	 * @param settings the limits
	 */
	public AcpWebSocketHandler(JsonRpcConnectionFactory connectionFactory, Settings settings) {
		this.connectionFactory = connectionFactory;
		this.settings = settings;
	}

	@Override
	public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			Map<String, Object> attributes) {
		if (!this.accepting || this.sockets.size() >= this.settings.maxConnections()) {
			response.setStatusCode(HttpStatus.SERVICE_UNAVAILABLE);
			return false;
		}
		String id = UUID.randomUUID().toString();
		attributes.put(CONNECTION_ID, id);
		response.getHeaders().add(CONNECTION_ID_HEADER, id);
		return true;
	}

	@Override
	public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			Exception exception) {
	}

	@Override
	public void afterConnectionEstablished(WebSocketSession session) throws IOException {
		if (!this.accepting || this.sockets.size() >= this.settings.maxConnections()) {
			session.close(CloseStatus.SERVICE_OVERLOAD);
			return;
		}
		session.setTextMessageSizeLimit(Math.max(session.getTextMessageSizeLimit(), 64 * 1024));
		if (session instanceof NativeWebSocketSession nativeSession
				&& nativeSession.getNativeSession() instanceof jakarta.websocket.Session standard) {
			standard.setMaxIdleTimeout(this.settings.idleTimeout().toMillis());
		}
		ConcurrentWebSocketSessionDecorator sender = new ConcurrentWebSocketSessionDecorator(session,
				(int) this.settings.sendTimeLimit().toMillis(), this.settings.sendBufferSize(),
				ConcurrentWebSocketSessionDecorator.OverflowStrategy.TERMINATE);
		String id = (String) session.getAttributes().getOrDefault(CONNECTION_ID, UUID.randomUUID().toString());
		JsonRpcConnection connection = this.connectionFactory.open(id, "websocket", (frame) -> send(sender, frame));
		this.sockets.put(session.getId(), new Socket(sender, connection));
	}

	private void send(ConcurrentWebSocketSessionDecorator sender, byte[] frame) {
		try {
			sender.sendMessage(new TextMessage(frame));
		}
		catch (IOException | RuntimeException ex) {
			logger.debug("Could not send to WebSocket " + sender.getId() + ": " + ex.getMessage());
			closeQuietly(sender, CloseStatus.SESSION_NOT_RELIABLE);
		}
	}

	@Override
	public void handleMessage(WebSocketSession session, WebSocketMessage<?> message) {
		Socket socket = this.sockets.get(session.getId());
		if (socket == null) {
			return;
		}
		if (message instanceof BinaryMessage) {
			closeQuietly(session, CloseStatus.NOT_ACCEPTABLE.withReason("ACP messages are text frames"));
			return;
		}
		if (message instanceof TextMessage text) {
			socket.receive(text, this.settings.maxMessageSize());
		}
	}

	@Override
	public void handleTransportError(WebSocketSession session, Throwable exception) {
		logger.debug("WebSocket " + session.getId() + " failed: " + exception.getMessage());
		closeQuietly(session, CloseStatus.SERVER_ERROR);
	}

	@Override
	public void afterConnectionClosed(WebSocketSession session, CloseStatus closeStatus) {
		Socket socket = this.sockets.remove(session.getId());
		if (socket != null) {
			this.connectionFactory.close(socket.connection, Duration.ZERO);
		}
	}

	@Override
	public boolean supportsPartialMessages() {
		return true;
	}

	/**
	 * Stop accepting sockets, let the requests in flight on each finish (bounded), then
	 * close every socket with 1001 (going away).
	 * @param drain how long requests in flight may take
	 */
	public void shutdown(Duration drain) {
		this.accepting = false;
		for (Socket socket : this.sockets.values()) {
			this.connectionFactory.close(socket.connection, drain);
			closeQuietly(socket.sender, CloseStatus.GOING_AWAY);
		}
	}

	/**
	 * The number of open sockets.
	 * @return the count
	 */
	public int openConnections() {
		return this.sockets.size();
	}

	private static void closeQuietly(WebSocketSession session, CloseStatus status) {
		try {
			if (session.isOpen()) {
				session.close(status);
			}
		}
		catch (IOException | RuntimeException ex) {
			logger.debug("Could not close WebSocket " + session.getId() + ": " + ex.getMessage());
		}
	}

	/**
	 * The limits of the WebSocket transport.
	 *
	 * @param maxMessageSize the largest accepted message, in bytes
	 * @param maxConnections the most sockets open at once
	 * @param sendBufferSize the most bytes buffered for a socket that does not read
	 * @param sendTimeLimit the longest a send may block before the socket is closed
	 * @param idleTimeout the idle time after which the container closes a socket
	 */
	public record Settings(int maxMessageSize, int maxConnections, int sendBufferSize, Duration sendTimeLimit,
			Duration idleTimeout) {
	}

	/**
	 * One open socket: its sender, its connection and the message being joined from
	 * partial frames.
	 */
	private static final class Socket {

		private final ConcurrentWebSocketSessionDecorator sender;

		private final JsonRpcConnection connection;

		private final ByteArrayOutputStream partial = new ByteArrayOutputStream();

		private boolean oversized;

		Socket(ConcurrentWebSocketSessionDecorator sender, JsonRpcConnection connection) {
			this.sender = sender;
			this.connection = connection;
		}

		void receive(TextMessage message, int maxMessageSize) {
			byte[] bytes = message.getPayload().getBytes(StandardCharsets.UTF_8);
			if (message.isLast() && this.partial.size() == 0 && !this.oversized) {
				if (bytes.length > maxMessageSize) {
					reject(maxMessageSize);
				}
				else {
					this.connection.receive(bytes, 0, bytes.length);
				}
				return;
			}
			if (!this.oversized) {
				if ((long) this.partial.size() + bytes.length > maxMessageSize) {
					this.oversized = true;
					this.partial.reset();
				}
				else {
					this.partial.write(bytes, 0, bytes.length);
				}
			}
			if (message.isLast()) {
				if (this.oversized) {
					this.oversized = false;
					reject(maxMessageSize);
				}
				else {
					byte[] whole = this.partial.toByteArray();
					this.partial.reset();
					this.connection.receive(whole, 0, whole.length);
				}
			}
		}

		private void reject(int maxMessageSize) {
			this.connection.reject(
					JsonRpcError.invalidRequest("Message exceeds the maximum size of " + maxMessageSize + " bytes"));
		}

	}

}

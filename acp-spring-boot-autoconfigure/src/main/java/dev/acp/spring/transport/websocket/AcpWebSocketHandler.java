package dev.acp.spring.transport.websocket;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcError;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpStatus;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.WebSocketMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.adapter.NativeWebSocketSession;
import org.springframework.web.socket.handler.ConcurrentWebSocketSessionDecorator;
import org.springframework.web.socket.server.HandshakeInterceptor;

/**
 * Carries one ACP connection per WebSocket: one JSON-RPC message per text frame (partial
 * frames are joined up to the message size limit; a larger message is answered -32600 and
 * the connection continues), binary frames ignored (as the ACP RFD says; logged once per
 * socket), a bounded send buffer per socket (a client that does not read is
 * disconnected), a bound on the requests in flight per socket, at most a given number of
 * sockets (a slot of the {@link ConnectionSlots} shared with the Streamable HTTP
 * transport is taken atomically at the handshake). The handshake answer carries the
 * connection id in {@code Acp-Connection-Id}; the principal of the handshake becomes the
 * connection's principal.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpWebSocketHandler implements WebSocketHandler, HandshakeInterceptor {

	/** The handshake response header that carries the connection id. */
	public static final String CONNECTION_ID_HEADER = "Acp-Connection-Id";

	/**
	 * The handshake attribute a {@link HandshakeInterceptor} may set to a
	 * {@link Principal} when the request itself has none (see
	 * {@link BearerTokenHandshakeInterceptor}).
	 */
	public static final String PRINCIPAL_ATTRIBUTE = AcpWebSocketHandler.class.getName() + ".principal";

	private static final Log logger = LogFactory.getLog(AcpWebSocketHandler.class);

	private static final String CONNECTION_ID = AcpWebSocketHandler.class.getName() + ".connectionId";

	/** The Tomcat session property bounding a blocking send. */
	private static final String BLOCKING_SEND_TIMEOUT = "org.apache.tomcat.websocket.BLOCKING_SEND_TIMEOUT";

	/** A reservation never claimed (the upgrade failed unseen) is dropped after this. */
	private static final long RESERVATION_EXPIRY_NANOS = TimeUnit.SECONDS.toNanos(60);

	/** How long the shutdown waits for clients to answer the close frames. */
	private static final Duration CLOSE_HANDSHAKE_WAIT = Duration.ofSeconds(2);

	private final JsonRpcConnectionFactory connectionFactory;

	private final Settings settings;

	private final Map<String, Socket> sockets = new ConcurrentHashMap<>();

	/** Handshakes admitted whose socket is not open yet, by connection id. */
	private final Map<String, Long> reservations = new ConcurrentHashMap<>();

	private final Object admission = new Object();

	private volatile boolean accepting = true;

	private final ConnectionSlots slots;

	private volatile boolean registered;

	/**
	 * Create a handler.
	 * @param connectionFactory opens the connections
	 * @param settings the limits
	 */
	public AcpWebSocketHandler(JsonRpcConnectionFactory connectionFactory, Settings settings) {
		this.connectionFactory = connectionFactory;
		this.settings = settings;
		this.slots = new ConnectionSlots(settings.maxConnections());
	}

	/**
	 * The connection slots this handler takes from (share them with the Streamable HTTP
	 * transport so both count against one limit).
	 * @return the slots
	 */
	public ConnectionSlots connectionSlots() {
		return this.slots;
	}

	@Override
	public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			Map<String, Object> attributes) {
		if (!"websocket".equalsIgnoreCase(request.getHeaders().getUpgrade())) {
			// not an upgrade: the handshake handler refuses it, no connection is reserved
			return true;
		}
		String id = UUID.randomUUID().toString();
		if (!reserve(id)) {
			response.setStatusCode(HttpStatus.SERVICE_UNAVAILABLE);
			return false;
		}
		attributes.put(CONNECTION_ID, id);
		response.getHeaders().add(CONNECTION_ID_HEADER, id);
		return true;
	}

	private boolean reserve(String id) {
		synchronized (this.admission) {
			if (!this.accepting) {
				return false;
			}
			long now = System.nanoTime();
			for (Map.Entry<String, Long> reservation : this.reservations.entrySet()) {
				if (now - reservation.getValue() > RESERVATION_EXPIRY_NANOS
						&& this.reservations.remove(reservation.getKey(), reservation.getValue())) {
					this.slots.giveBack();
				}
			}
			if (!this.slots.tryTake()) {
				return false;
			}
			this.reservations.put(id, now);
			return true;
		}
	}

	@Override
	public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
			@Nullable Exception exception) {
		String id = response.getHeaders().getFirst(CONNECTION_ID_HEADER);
		if (id == null) {
			return;
		}
		boolean upgraded = exception == null && (!(response instanceof ServletServerHttpResponse servlet)
				|| servlet.getServletResponse().getStatus() == HttpStatus.SWITCHING_PROTOCOLS.value());
		if (!upgraded && this.reservations.remove(id) != null) {
			this.slots.giveBack();
		}
	}

	@Override
	public void afterConnectionEstablished(WebSocketSession session) throws IOException {
		String id = (String) session.getAttributes().get(CONNECTION_ID);
		if (id == null) {
			id = UUID.randomUUID().toString();
		}
		// the container's text buffer (Tomcat: 8 Ki characters, held for the socket's
		// life)
		// is left as it is: partial frames are joined and bounded in bytes by receive
		if (session instanceof NativeWebSocketSession nativeSession
				&& nativeSession.getNativeSession() instanceof jakarta.websocket.Session standard) {
			standard.setMaxIdleTimeout(this.settings.idleTimeout().toMillis());
			standard.getUserProperties().put(BLOCKING_SEND_TIMEOUT, this.settings.sendTimeLimit().toMillis());
		}
		ConcurrentWebSocketSessionDecorator sender = new ConcurrentWebSocketSessionDecorator(session,
				(int) this.settings.sendTimeLimit().toMillis(), this.settings.sendBufferSize(),
				ConcurrentWebSocketSessionDecorator.OverflowStrategy.TERMINATE);
		synchronized (this.admission) {
			boolean reserved = this.reservations.remove(id) != null;
			if (!this.accepting || (!reserved && !this.slots.tryTake())) {
				if (reserved) {
					this.slots.giveBack();
				}
				closeQuietly(session, this.accepting ? CloseStatus.SERVICE_OVERLOAD : CloseStatus.GOING_AWAY);
				return;
			}
			JsonRpcConnection connection = this.connectionFactory.open(id, "websocket", (frame) -> send(sender, frame));
			connection.setPrincipal(principal(session));
			connection.setMaxInFlight(this.settings.maxRequestsInFlight());
			this.sockets.put(session.getId(), new Socket(sender, connection));
		}
	}

	private static @Nullable Principal principal(WebSocketSession session) {
		Principal principal = session.getPrincipal();
		if (principal == null && session.getAttributes().get(PRINCIPAL_ATTRIBUTE) instanceof Principal attribute) {
			principal = attribute;
		}
		return principal;
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
			if (socket.firstBinaryFrame()) {
				logger.info("Ignoring binary frames on WebSocket " + session.getId()
						+ ": ACP messages are text frames (logged once per connection)");
			}
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
			this.slots.giveBack();
			this.connectionFactory.close(socket.connection, Duration.ZERO);
		}
	}

	@Override
	public boolean supportsPartialMessages() {
		return true;
	}

	/**
	 * Stop accepting sockets and requests on every socket at once, let the requests in
	 * flight finish on all of them in parallel within one drain time, then close every
	 * socket with 1001 (going away) and wait (briefly) for the clients to answer the
	 * close.
	 * @param drain how long requests in flight may take
	 */
	public void shutdown(Duration drain) {
		synchronized (this.admission) {
			this.accepting = false;
			for (String id : List.copyOf(this.reservations.keySet())) {
				if (this.reservations.remove(id) != null) {
					this.slots.giveBack();
				}
			}
		}
		List<Socket> open = List.copyOf(this.sockets.values());
		if (open.isEmpty()) {
			return;
		}
		AtomicInteger threads = new AtomicInteger();
		ExecutorService drainers = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, "acp-websocket-drain-" + threads.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		});
		try {
			List<CompletableFuture<Void>> closing = new ArrayList<>(open.size());
			for (Socket socket : open) {
				closing.add(CompletableFuture.runAsync(() -> {
					try {
						this.connectionFactory.close(socket.connection, drain);
					}
					finally {
						closeQuietly(socket.sender, CloseStatus.GOING_AWAY);
					}
				}, drainers));
			}
			try {
				CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
					.get(drain.toMillis() + CLOSE_HANDSHAKE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (TimeoutException | java.util.concurrent.ExecutionException ex) {
				logger.debug("WebSocket drain did not complete: " + ex.getMessage());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		finally {
			drainers.shutdown();
		}
		awaitClosed(open, CLOSE_HANDSHAKE_WAIT);
	}

	private void awaitClosed(List<Socket> open, Duration wait) {
		long deadline = System.nanoTime() + wait.toNanos();
		for (Socket socket : open) {
			while (this.sockets.containsValue(socket) && socket.sender.isOpen() && System.nanoTime() < deadline) {
				try {
					Thread.sleep(10);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					return;
				}
			}
		}
	}

	/**
	 * The number of open sockets.
	 * @return the count
	 */
	/**
	 * Record that the endpoint was registered with the web server.
	 */
	public void registered() {
		this.registered = true;
	}

	/**
	 * Whether the endpoint was registered with the web server.
	 * @return whether registered
	 */
	public boolean isRegistered() {
		return this.registered;
	}

	/**
	 * Whether sockets and requests are still accepted (not shutting down).
	 * @return whether accepting
	 */
	public boolean isAccepting() {
		return this.accepting;
	}

	public int openConnections() {
		return this.sockets.size();
	}

	/**
	 * The bytes held by the sockets' buffers of messages being joined from partial
	 * frames.
	 * @return the capacity retained over all sockets
	 */
	int retainedBufferBytes() {
		int total = 0;
		for (Socket socket : this.sockets.values()) {
			total += socket.retainedBytes();
		}
		return total;
	}

	/**
	 * The largest text buffer the container keeps for a socket (Tomcat sizes each
	 * socket's text buffer, held for the socket's life, from the session's text message
	 * size limit).
	 * @return the largest text message size limit over all sockets, in characters
	 */
	int largestTextBufferSize() {
		int largest = 0;
		for (Socket socket : this.sockets.values()) {
			largest = Math.max(largest, socket.sender.getTextMessageSizeLimit());
		}
		return largest;
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
	 * @param maxRequestsInFlight the most requests of one socket not answered yet (past
	 * it -32001)
	 */
	public record Settings(int maxMessageSize, int maxConnections, int sendBufferSize, Duration sendTimeLimit,
			Duration idleTimeout, int maxRequestsInFlight) {
	}

	/**
	 * One open socket: its sender, its connection and the message being joined from
	 * partial frames (the buffer is dropped once the message is complete, so an idle
	 * socket holds no memory for the largest message it once received).
	 */
	private static final class Socket {

		private final ConcurrentWebSocketSessionDecorator sender;

		private final JsonRpcConnection connection;

		private @Nullable ByteArrayOutputStream partial;

		private int partialCapacity;

		private char pendingHighSurrogate;

		private boolean oversized;

		private volatile boolean binaryFrameSeen;

		Socket(ConcurrentWebSocketSessionDecorator sender, JsonRpcConnection connection) {
			this.sender = sender;
			this.connection = connection;
		}

		/**
		 * Record a binary frame.
		 * @return whether it is the socket's first one
		 */
		boolean firstBinaryFrame() {
			if (this.binaryFrameSeen) {
				return false;
			}
			this.binaryFrameSeen = true;
			return true;
		}

		synchronized int retainedBytes() {
			return (this.partial != null) ? Math.max(this.partialCapacity, this.partial.size()) : 0;
		}

		void receive(TextMessage message, int maxMessageSize) {
			String payload = message.getPayload();
			if (message.isLast() && this.partial == null && !this.oversized && this.pendingHighSurrogate == 0) {
				byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
				if (bytes.length > maxMessageSize) {
					reject(maxMessageSize);
				}
				else {
					this.connection.receive(bytes, 0, bytes.length);
				}
				return;
			}
			if (!this.oversized) {
				byte[] bytes = encode(payload, message.isLast());
				int size = (this.partial != null) ? this.partial.size() : 0;
				if ((long) size + bytes.length > maxMessageSize) {
					this.oversized = true;
					release();
				}
				else {
					synchronized (this) {
						if (this.partial == null) {
							this.partial = new ByteArrayOutputStream(Math.max(bytes.length * 2, 8 * 1024));
						}
						this.partial.write(bytes, 0, bytes.length);
						this.partialCapacity = Math.max(this.partialCapacity, this.partial.size());
					}
				}
			}
			if (message.isLast()) {
				this.pendingHighSurrogate = 0;
				if (this.oversized) {
					this.oversized = false;
					release();
					reject(maxMessageSize);
				}
				else {
					byte[] whole = (this.partial != null) ? this.partial.toByteArray() : new byte[0];
					release();
					this.connection.receive(whole, 0, whole.length);
				}
			}
		}

		/**
		 * Encode one part, holding back a high surrogate that ends it (its low half comes
		 * with the next part).
		 */
		private byte[] encode(String payload, boolean last) {
			String text = payload;
			if (this.pendingHighSurrogate != 0) {
				text = this.pendingHighSurrogate + text;
				this.pendingHighSurrogate = 0;
			}
			if (!last && !text.isEmpty() && Character.isHighSurrogate(text.charAt(text.length() - 1))) {
				this.pendingHighSurrogate = text.charAt(text.length() - 1);
				text = text.substring(0, text.length() - 1);
			}
			return text.getBytes(StandardCharsets.UTF_8);
		}

		private synchronized void release() {
			this.partial = null;
			this.partialCapacity = 0;
		}

		private void reject(int maxMessageSize) {
			this.connection.reject(
					JsonRpcError.invalidRequest("Message exceeds the maximum size of " + maxMessageSize + " bytes"));
		}

	}

}

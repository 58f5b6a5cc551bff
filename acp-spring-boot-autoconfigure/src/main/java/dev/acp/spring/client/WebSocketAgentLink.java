package dev.acp.spring.client;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcError;
import jakarta.websocket.ContainerProvider;
import jakarta.websocket.WebSocketContainer;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketHttpHeaders;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.client.standard.StandardWebSocketClient;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;
import org.springframework.web.socket.handler.ConcurrentWebSocketSessionDecorator;

/**
 * A remote agent reached over WebSocket with Spring's {@link StandardWebSocketClient}:
 * one ACP connection per socket, one text frame per message.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class WebSocketAgentLink extends AbstractWebSocketHandler implements AgentLink {

	private static final Log logger = LogFactory.getLog(WebSocketAgentLink.class);

	private static final int SEND_TIME_LIMIT_MILLIS = 30_000;

	private final String name;

	private final JsonRpcConnectionFactory factory;

	private final int maxMessageSize;

	private final CompletableFuture<Void> terminated = new CompletableFuture<>();

	private volatile @Nullable JsonRpcConnection connection;

	private volatile @Nullable WebSocketSession session;

	private WebSocketAgentLink(String name, JsonRpcConnectionFactory factory, int maxMessageSize) {
		this.name = name;
		this.factory = factory;
		this.maxMessageSize = maxMessageSize;
	}

	static WebSocketAgentLink connect(String name, URI url, Map<String, String> headers,
			JsonRpcConnectionFactory factory, int maxMessageSize, Duration timeout) {
		WebSocketContainer container = ContainerProvider.getWebSocketContainer();
		container.setDefaultMaxTextMessageBufferSize(maxMessageSize);
		container.setDefaultMaxBinaryMessageBufferSize(1024);
		StandardWebSocketClient client = new StandardWebSocketClient(container);
		WebSocketHttpHeaders handshakeHeaders = new WebSocketHttpHeaders();
		headers.forEach(handshakeHeaders::add);
		WebSocketAgentLink link = new WebSocketAgentLink(name, factory, maxMessageSize);
		try {
			client.execute(link, handshakeHeaders, url).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			throw new AcpAgentClientException(
					"Could not connect to agent '" + name + "' at " + url + ": " + cause.getMessage(), cause);
		}
		catch (TimeoutException ex) {
			throw new AcpAgentClientException(
					"Could not connect to agent '" + name + "' at " + url + " within " + timeout);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AcpAgentClientException("Interrupted while connecting to agent '" + name + "'");
		}
		return link;
	}

	@Override
	public void afterConnectionEstablished(WebSocketSession session) {
		WebSocketSession decorated = new ConcurrentWebSocketSessionDecorator(session, SEND_TIME_LIMIT_MILLIS,
				this.maxMessageSize);
		this.session = decorated;
		this.connection = this.factory.open("websocket", (frame) -> {
			try {
				decorated.sendMessage(new TextMessage(frame));
			}
			catch (IOException | RuntimeException ex) {
				logger.debug("Sending to agent '" + this.name + "' failed: " + ex.getMessage());
			}
		});
	}

	@Override
	protected void handleTextMessage(WebSocketSession session, TextMessage message) {
		byte[] frame = message.asBytes();
		connection().receive(frame, 0, frame.length);
	}

	@Override
	protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) {
		connection().reject(JsonRpcError.invalidRequest("Binary frames are not ACP messages"));
	}

	@Override
	public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
		logger.debug("Agent '" + this.name + "' closed the socket: " + status);
		JsonRpcConnection open = this.connection;
		if (open != null) {
			open.inputEnded();
			this.factory.close(open, Duration.ZERO);
		}
		this.terminated.complete(null);
	}

	@Override
	public void handleTransportError(WebSocketSession session, Throwable exception) {
		logger.debug("The socket to agent '" + this.name + "' failed: " + exception.getMessage());
	}

	@Override
	public JsonRpcConnection connection() {
		JsonRpcConnection open = this.connection;
		if (open == null) {
			throw new IllegalStateException("Not connected");
		}
		return open;
	}

	@Override
	public CompletableFuture<?> terminated() {
		return this.terminated;
	}

	@Override
	public @Nullable Integer exitCode() {
		return null;
	}

	@Override
	public void close() {
		WebSocketSession open = this.session;
		if (open != null && open.isOpen()) {
			try {
				open.close(CloseStatus.GOING_AWAY);
			}
			catch (IOException ex) {
				logger.debug("Closing the socket to agent '" + this.name + "' failed: " + ex.getMessage());
			}
		}
		JsonRpcConnection connection = this.connection;
		if (connection != null) {
			connection.inputEnded();
			this.factory.close(connection, Duration.ZERO);
		}
		this.terminated.complete(null);
	}

}

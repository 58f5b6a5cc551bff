package dev.acp.spring.inspector.bridge;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.ConcurrentWebSocketSessionDecorator;

/**
 * The one page connected to the agent (the agent is one process: a second page is refused
 * while one is connected). What the agent says while no page is connected is kept,
 * bounded (the oldest dropped first), and given to the next page in order.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class PageChannel {

	/** The most characters kept for a page while none is connected. */
	static final long MAX_BACKLOG_CHARS = 16L * 1024 * 1024;

	private static final Log logger = LogFactory.getLog(PageChannel.class);

	private static final int SEND_TIME_LIMIT_MILLIS = 30_000;

	private static final int SEND_BUFFER_BYTES = 64 * 1024 * 1024;

	private final Deque<String> backlog = new ArrayDeque<>();

	private long backlogChars;

	private @Nullable WebSocketSession page;

	/**
	 * Make a socket the page, unless another page is connected.
	 * @param session the socket
	 * @return whether it is now the page
	 */
	synchronized boolean attach(WebSocketSession session) {
		if (this.page != null && this.page.isOpen()) {
			return false;
		}
		ConcurrentWebSocketSessionDecorator page = new ConcurrentWebSocketSessionDecorator(session,
				SEND_TIME_LIMIT_MILLIS, SEND_BUFFER_BYTES);
		this.page = page;
		while (!this.backlog.isEmpty() && this.page == page) {
			String message = this.backlog.removeFirst();
			this.backlogChars -= message.length();
			deliver(page, message);
		}
		return true;
	}

	/**
	 * Whether a page is connected now.
	 * @return whether one is
	 */
	synchronized boolean isAttached() {
		return this.page != null && this.page.isOpen();
	}

	/**
	 * Forget a socket that closed, if it is the page.
	 * @param session the socket
	 */
	synchronized void detach(WebSocketSession session) {
		if (this.page != null && this.page.getId().equals(session.getId())) {
			this.page = null;
		}
	}

	/**
	 * Send a message to the page, or keep it for the next one.
	 * @param message one JSON text
	 */
	synchronized void send(String message) {
		WebSocketSession page = this.page;
		if (page != null && page.isOpen()) {
			deliver(page, message);
			return;
		}
		this.backlog.addLast(message);
		this.backlogChars += message.length();
		while (this.backlogChars > MAX_BACKLOG_CHARS && this.backlog.size() > 1) {
			this.backlogChars -= this.backlog.removeFirst().length();
		}
	}

	private void deliver(WebSocketSession page, String message) {
		try {
			page.sendMessage(new TextMessage(message));
		}
		catch (IOException | RuntimeException ex) {
			logger.info("The page could not be sent a message and is closed: " + ex.getMessage());
			this.page = null;
			try {
				page.close(CloseStatus.SESSION_NOT_RELIABLE);
			}
			catch (IOException closing) {
				logger.debug("Closing the page's socket failed: " + closing.getMessage());
			}
		}
	}

	/**
	 * Close the page's socket (the application stops).
	 */
	synchronized void close() {
		WebSocketSession page = this.page;
		this.page = null;
		if (page != null && page.isOpen()) {
			try {
				page.close(CloseStatus.GOING_AWAY);
			}
			catch (IOException ex) {
				logger.debug("Closing the page's socket failed: " + ex.getMessage());
			}
		}
	}

}

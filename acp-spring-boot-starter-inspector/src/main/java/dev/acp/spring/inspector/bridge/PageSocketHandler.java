package dev.acp.spring.inspector.bridge;

import java.io.IOException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.TextWebSocketHandler;

/**
 * The page's WebSocket to the agent, {@code /inspector/agent}: one page at a time (a
 * second is closed with a policy violation: the agent is one process); each text message
 * is one JSON-RPC message for the agent, read in parts and bounded in bytes
 * ({@link AgentProcess#MAX_MESSAGE_BYTES}): a longer one is dropped as it arrives and
 * answered by {@code {"inspector":"error",...}}, the socket staying open.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class PageSocketHandler extends TextWebSocketHandler {

	private static final Log logger = LogFactory.getLog(PageSocketHandler.class);

	private static final String MESSAGE = "acp.inspector.message";

	private final PageChannel page;

	private final AgentRelay relay;

	PageSocketHandler(PageChannel page, AgentRelay relay) {
		this.page = page;
		this.relay = relay;
	}

	@Override
	public void afterConnectionEstablished(WebSocketSession session) throws IOException {
		if (!this.page.attach(session)) {
			logger.info("A second page was refused: another page is connected to the agent");
			session.close(CloseStatus.POLICY_VIOLATION.withReason("Another page is connected to the agent"));
		}
	}

	@Override
	public boolean supportsPartialMessages() {
		return true;
	}

	@Override
	protected void handleTextMessage(WebSocketSession session, TextMessage part) {
		PartialMessage message = (PartialMessage) session.getAttributes()
			.computeIfAbsent(MESSAGE, (key) -> new PartialMessage());
		message.append(part.getPayload());
		if (!part.isLast()) {
			return;
		}
		session.getAttributes().remove(MESSAGE);
		if (message.tooLong) {
			this.relay.refuse("The message is over " + AgentProcess.MAX_MESSAGE_BYTES + " bytes; it was dropped");
			return;
		}
		this.relay.fromPage(message.text.toString());
	}

	@Override
	protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) {
		if (message.isLast()) {
			this.relay.refuse("A binary message is no JSON-RPC message; it was dropped");
		}
	}

	@Override
	public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
		this.page.detach(session);
	}

	/**
	 * The parts of a message received so far, dropped once over the bound.
	 */
	private static final class PartialMessage {

		private final StringBuilder text = new StringBuilder();

		private long bytes;

		private boolean tooLong;

		void append(String part) {
			if (this.tooLong) {
				return;
			}
			this.bytes += Utf8.length(part);
			if (this.bytes > AgentProcess.MAX_MESSAGE_BYTES) {
				this.tooLong = true;
				this.text.setLength(0);
				this.text.trimToSize();
				return;
			}
			this.text.append(part);
		}

	}

}

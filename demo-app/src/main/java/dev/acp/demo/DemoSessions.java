package dev.acp.demo;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.CancelNotification;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import tools.jackson.databind.JsonNode;

import org.springframework.stereotype.Component;

/**
 * Core session methods of the demo: a prompt is echoed back as one message chunk.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
public class DemoSessions {

	private static final String BUFFERS_METHOD = "_zed.dev/workspace/buffers";

	private static final Duration WAIT_LIMIT = Duration.ofSeconds(30);

	private final Map<String, Session> sessions = new ConcurrentHashMap<>();

	@AcpMethod("session/new")
	NewSessionResponse newSession(NewSessionRequest request) {
		String sessionId = "sess_" + UUID.randomUUID().toString().replace("-", "");
		this.sessions.put(sessionId, new Session());
		// Deliberately careless: over stdio the starter sends System.out to standard
		// error.
		System.out.println("new session " + sessionId + " in " + request.cwd());
		return new NewSessionResponse(sessionId);
	}

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
		Session session = this.sessions.get(request.sessionId());
		if (session == null) {
			throw new AcpException(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found",
					Map.of("sessionId", String.valueOf(request.sessionId())));
		}
		CompletableFuture<Void> cancelled = session.startTurn();
		String text = request.text();
		if (text.equals("wait") && awaitCancel(cancelled)) {
			return new PromptResponse(StopReason.CANCELLED);
		}
		if (text.equals("buffers") && advertisesWorkspace(context)) {
			JsonNode buffers = context.client()
				.request(BUFFERS_METHOD, Map.of("language", "rust"), JsonNode.class)
				.get(WAIT_LIMIT.toSeconds(), TimeUnit.SECONDS);
			text = buffers.toString();
		}
		if (cancelled.isDone()) {
			return new PromptResponse(StopReason.CANCELLED);
		}
		context.client()
			.sessionUpdate(request.sessionId(), new SessionUpdate.AgentMessageChunk(new ContentBlock.Text(text)));
		return new PromptResponse(StopReason.END_TURN);
	}

	@AcpNotification("session/cancel")
	void cancel(CancelNotification notification) {
		Session session = this.sessions.get(notification.sessionId());
		if (session != null) {
			session.cancel();
		}
	}

	private static boolean awaitCancel(CompletableFuture<Void> cancelled) throws Exception {
		try {
			cancelled.get(WAIT_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException ex) {
			return false;
		}
	}

	private static boolean advertisesWorkspace(AcpRequestContext context) {
		Object zed = context.connection().clientCapabilities().extension("zed.dev");
		return zed instanceof Map<?, ?> map && Boolean.TRUE.equals(map.get("workspace"));
	}

	private static final class Session {

		private volatile CompletableFuture<Void> turn = new CompletableFuture<>();

		CompletableFuture<Void> startTurn() {
			CompletableFuture<Void> next = new CompletableFuture<>();
			this.turn = next;
			return next;
		}

		void cancel() {
			this.turn.complete(null);
		}

	}

}

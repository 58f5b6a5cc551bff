package dev.acp.spring.agent.support;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

import dev.acp.spring.jsonrpc.InboundRequest;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.v2.PromptResponse;
import dev.acp.spring.protocol.v2.StopReason;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The prompt turns of one v2 connection, rendered from the handlers' v1 turns: a prompt
 * is inserted ({@code state_update} {@code running}, the user message echoed with its
 * {@code messageId}, then the acknowledgement {@code {messageId}}), the handler runs, a
 * permission request it sends reports {@code requires_action} until answered, and the
 * turn ends {@code idle} with the stop reason the handler returned ({@code cancelled}
 * when it was cancelled, {@code error} with the JSON-RPC error when it failed). Prompts
 * sent during a turn are held by the connection's order of a session's prompts until the
 * turn's handler returns.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class V2Turns {

	private static final Log logger = LogFactory.getLog(V2Turns.class);

	private final Map<String, Turn> turns = new ConcurrentHashMap<>();

	/**
	 * A new message id.
	 */
	static String newMessageId() {
		return "msg_" + UUID.randomUUID().toString().replace("-", "");
	}

	/**
	 * Insert a prompt: report the turn running, echo the user message, acknowledge the
	 * request.
	 * @param connection the connection
	 * @param request the {@code session/prompt} request
	 * @param sessionId the session
	 * @param messageId the id of the user message
	 * @param prompt the prompt's content blocks, as received
	 */
	void insert(DefaultAcpConnection connection, InboundRequest request, String sessionId, String messageId,
			@Nullable JsonNode prompt, ObjectMapper mapper) {
		this.turns.put(sessionId, new Turn(request));
		send(connection, sessionId, state(mapper, "running"), mapper);
		ObjectNode echo = mapper.createObjectNode();
		echo.put("sessionUpdate", "user_message");
		echo.put("messageId", messageId);
		if (prompt != null) {
			echo.set("content", prompt);
		}
		send(connection, sessionId, echo, mapper);
		request.acknowledge(new PromptResponse(messageId));
	}

	/**
	 * A permission request of a turn goes out: the turn is blocked on the person.
	 */
	void permissionAsked(DefaultAcpConnection connection, String sessionId, ObjectMapper mapper) {
		Turn turn = this.turns.get(sessionId);
		if (turn != null && turn.blocked(1) == 1) {
			send(connection, sessionId, state(mapper, "requires_action"), mapper);
		}
	}

	/**
	 * A permission request of a turn was answered (or abandoned): the turn runs again
	 * once no other one is waiting.
	 */
	void permissionAnswered(DefaultAcpConnection connection, String sessionId, ObjectMapper mapper) {
		Turn turn = this.turns.get(sessionId);
		if (turn != null && turn.blocked(-1) == 0 && !turn.isEnded()) {
			send(connection, sessionId, state(mapper, "running"), mapper);
		}
	}

	/**
	 * End a turn: {@code idle} with its stop reason, once.
	 * @param request the turn's request
	 * @param result what its handler returned
	 * @param failure how its handler failed
	 */
	void end(DefaultAcpConnection connection, InboundRequest request, String sessionId, @Nullable Object result,
			@Nullable Throwable failure, ObjectMapper mapper) {
		Turn turn = this.turns.get(sessionId);
		if (turn == null || turn.request() != request || !turn.end()) {
			return;
		}
		this.turns.remove(sessionId, turn);
		ObjectNode idle = state(mapper, "idle");
		if (request.isCancelled()) {
			idle.put("stopReason", StopReason.CANCELLED.value());
		}
		else if (failure != null) {
			idle.put("stopReason", StopReason.ERROR.value());
			idle.set("error", mapper.valueToTree(error(failure)));
		}
		else {
			JsonNode stopReason = (result != null) ? mapper.valueToTree(result).get("stopReason") : null;
			idle.put("stopReason", (stopReason != null && stopReason.isString()) ? stopReason.stringValue()
					: StopReason.END_TURN.value());
		}
		send(connection, sessionId, idle, mapper);
	}

	private static JsonRpcError error(Throwable failure) {
		Throwable cause = (failure.getCause() != null && !(failure instanceof JsonRpcException)) ? failure.getCause()
				: failure;
		if (cause instanceof JsonRpcException ex) {
			return ex.getError();
		}
		logger.error("Handler of 'session/prompt' failed", cause);
		return JsonRpcError.internalError();
	}

	private static ObjectNode state(ObjectMapper mapper, String state) {
		ObjectNode update = mapper.createObjectNode();
		update.put("sessionUpdate", "state_update");
		update.put("state", state);
		return update;
	}

	private static void send(DefaultAcpConnection connection, String sessionId, ObjectNode update,
			ObjectMapper mapper) {
		ObjectNode notification = mapper.createObjectNode();
		notification.put("sessionId", sessionId);
		notification.set("update", update);
		connection.sendUnrecorded(AcpMethods.SESSION_UPDATE, notification);
	}

	/**
	 * One turn running: its request, the permission requests it waits on, whether it
	 * ended.
	 */
	private static final class Turn {

		private final InboundRequest request;

		private int blocked;

		private boolean ended;

		Turn(InboundRequest request) {
			this.request = request;
		}

		InboundRequest request() {
			return this.request;
		}

		synchronized int blocked(int delta) {
			this.blocked = Math.max(0, this.blocked + delta);
			return this.blocked;
		}

		synchronized boolean isEnded() {
			return this.ended;
		}

		synchronized boolean end() {
			if (this.ended) {
				return false;
			}
			this.ended = true;
			return true;
		}

	}

}

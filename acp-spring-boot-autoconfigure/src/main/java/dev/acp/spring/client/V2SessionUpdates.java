package dev.acp.spring.client;

import java.util.LinkedHashSet;
import java.util.Set;

import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.v2.StateUpdate;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code session/update}s of one v2 connection, as the v1 model the application
 * handles: {@code state_update} goes to the session's prompt turn (see {@link V2Turn})
 * and not to the application; the first {@code tool_call_update} of a tool call id that
 * has a title is a v1 {@code tool_call}, the next ones {@code tool_call_update}s. Every
 * other update keeps its wire shape, which the v1 model reads as it is: the chunks (with
 * their {@code messageId}), {@code plan_update} and {@code plan_removed}, the commands,
 * config options, session info, usage, notices and compactions; what the v1 model does
 * not know ({@code user_message}, {@code agent_message}, {@code terminal_update}, ...) is
 * its {@link dev.acp.spring.protocol.SessionUpdate.Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2SessionUpdates {

	private static final Log logger = LogFactory.getLog(V2SessionUpdates.class);

	private static final int MAX_TOOL_CALLS = 4096;

	private final ObjectMapper mapper;

	private final Set<String> toolCalls = new LinkedHashSet<>();

	V2SessionUpdates(ObjectMapper mapper) {
		this.mapper = mapper;
	}

	/**
	 * Pass one {@code session/update} on to its session.
	 * @param params the params of the notification
	 * @param connection the connection it arrived on
	 */
	void dispatch(@Nullable JsonNode params, AgentConnection connection) {
		if (!(params instanceof ObjectNode notification) || !(notification.get("update") instanceof ObjectNode update)
				|| !notification.path("sessionId").isString()) {
			logger.debug("Dropping a malformed session/update");
			return;
		}
		String sessionId = notification.get("sessionId").stringValue();
		String kind = update.path("sessionUpdate").asString("");
		try {
			if ("state_update".equals(kind)) {
				connection.dispatchState(sessionId, this.mapper.treeToValue(update, StateUpdate.class));
				return;
			}
			if ("tool_call_update".equals(kind) && update.path("toolCallId").isString()
					&& update.path("title").isString() && isFirst(sessionId, update.get("toolCallId").stringValue())) {
				ObjectNode toolCall = notification.deepCopy();
				((ObjectNode) toolCall.get("update")).put("sessionUpdate", "tool_call");
				notification = toolCall;
			}
			connection.dispatch(this.mapper.treeToValue(notification, SessionNotification.class));
		}
		catch (RuntimeException ex) {
			logger.debug("Dropping a malformed session/update: " + ex.getMessage());
		}
	}

	private synchronized boolean isFirst(String sessionId, String toolCallId) {
		boolean first = this.toolCalls.add(sessionId + "\n" + toolCallId);
		if (first && this.toolCalls.size() > MAX_TOOL_CALLS) {
			this.toolCalls.remove(this.toolCalls.iterator().next());
		}
		return first;
	}

}

package dev.acp.spring.agent.support;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code session/update}s of one v2 connection, from the v1 updates handlers and the
 * history make: user, agent and thought chunks carry a {@code messageId}: their own when
 * they have one (the prompt of a v2 turn keeps the id it was acknowledged with), else the
 * same for the chunks of one message (consecutive chunks of one kind), a new one when
 * another update comes between; {@code tool_call} becomes the {@code tool_call_update}
 * upsert; {@code plan} becomes {@code plan_update} with the session's one plan; v1's
 * {@code current_mode_update} is not sent (v2 has no modes). Other updates pass as they
 * are.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2Updates {

	static final String PLAN_ID = "plan";

	private static final Set<String> CHUNKS = Set.of("user_message_chunk", "agent_message_chunk",
			"agent_thought_chunk");

	private final Map<String, Message> messages = new ConcurrentHashMap<>();

	/**
	 * The v2 params of a v1 {@code session/update}, or {@code null} when v2 has no such
	 * update.
	 */
	@Nullable Object toV2(@Nullable Object params, ObjectMapper mapper) {
		if (params == null) {
			return null;
		}
		JsonNode tree = mapper.valueToTree(params);
		if (!(tree instanceof ObjectNode notification) || !(notification.get("update") instanceof ObjectNode update)
				|| !notification.path("sessionId").isString()) {
			return params;
		}
		String sessionId = notification.get("sessionId").stringValue();
		String kind = update.path("sessionUpdate").asString("");
		if (CHUNKS.contains(kind)) {
			JsonNode given = update.get("messageId");
			update.put("messageId", (given != null && given.isString()) ? given(sessionId, kind, given.stringValue())
					: messageId(sessionId, kind));
			return notification;
		}
		this.messages.remove(sessionId);
		switch (kind) {
			case "current_mode_update" -> {
				return null;
			}
			case "tool_call" -> {
				update.put("sessionUpdate", "tool_call_update");
				V2Diffs.toV2(update.get("content"));
			}
			case "tool_call_update" -> V2Diffs.toV2(update.get("content"));
			case "config_option_update" -> V2Sessions.configOptions(update);
			case "available_commands_update" -> V2Sessions.availableCommands(update);
			case "plan" -> {
				ObjectNode plan = mapper.createObjectNode();
				plan.put("type", "items");
				plan.put("planId", PLAN_ID);
				plan.set("entries", update.get("entries"));
				ObjectNode planUpdate = mapper.createObjectNode();
				planUpdate.put("sessionUpdate", "plan_update");
				planUpdate.set("plan", plan);
				if (update.has("_meta")) {
					planUpdate.set("_meta", update.get("_meta"));
				}
				notification.set("update", planUpdate);
			}
			default -> {
			}
		}
		return notification;
	}

	private String messageId(String sessionId, String kind) {
		return this.messages.compute(sessionId, (id, current) -> (current != null && current.kind().equals(kind))
				? current : new Message(kind, V2Turns.newMessageId()))
			.id();
	}

	private String given(String sessionId, String kind, String id) {
		this.messages.put(sessionId, new Message(kind, id));
		return id;
	}

	private record Message(String kind, String id) {
	}

}

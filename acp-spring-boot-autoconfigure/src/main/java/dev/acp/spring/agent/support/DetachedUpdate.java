package dev.acp.spring.agent.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PlanEntry;
import dev.acp.spring.protocol.SessionUpdate;

/**
 * Copies of updates that share nothing the application can change after sending them, so
 * that the history records what was sent: an application may pass a list or a map to
 * {@code client.plan(...)} and change it afterwards. The updates streamed most (chunks of
 * plain text, plans, mode and title changes without {@code _meta}) are immutable as they
 * are or copied field by field; the others are copied through the mapper.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class DetachedUpdate {

	private DetachedUpdate() {
	}

	/**
	 * An update equal to the given one that shares nothing mutable with it.
	 * @param update the update as sent
	 * @param mapper the protocol mapper, copying the kinds of update this class does not
	 * copy itself
	 * @return the update itself when immutable, else a copy
	 */
	static SessionUpdate of(SessionUpdate update, ObjectMapper mapper) {
		if (update instanceof SessionUpdate.AgentMessageChunk chunk && chunk.unknown().isEmpty()) {
			ContentBlock content = DetachedContent.of(chunk.content(), mapper);
			return (content == chunk.content() && chunk.meta() == null) ? chunk : new SessionUpdate.AgentMessageChunk(
					content, chunk.messageId(), DetachedContent.map(chunk.meta()));
		}
		if (update instanceof SessionUpdate.AgentThoughtChunk chunk && chunk.unknown().isEmpty()) {
			ContentBlock content = DetachedContent.of(chunk.content(), mapper);
			return (content == chunk.content() && chunk.meta() == null) ? chunk : new SessionUpdate.AgentThoughtChunk(
					content, chunk.messageId(), DetachedContent.map(chunk.meta()));
		}
		if (update instanceof SessionUpdate.UserMessageChunk chunk && chunk.unknown().isEmpty()) {
			ContentBlock content = DetachedContent.of(chunk.content(), mapper);
			return (content == chunk.content() && chunk.meta() == null) ? chunk
					: new SessionUpdate.UserMessageChunk(content, chunk.messageId(), DetachedContent.map(chunk.meta()));
		}
		if (update instanceof SessionUpdate.Plan plan && plan.unknown().isEmpty()) {
			return new SessionUpdate.Plan(entries(plan.entries()), DetachedContent.map(plan.meta()));
		}
		if ((update instanceof SessionUpdate.CurrentModeUpdate || update instanceof SessionUpdate.SessionInfoUpdate)
				&& isPlain(update)) {
			return update;
		}
		return mapper.convertValue(update, SessionUpdate.class);
	}

	private static List<PlanEntry> entries(List<PlanEntry> entries) {
		List<PlanEntry> copy = new ArrayList<>(entries.size());
		for (PlanEntry entry : entries) {
			copy.add((entry.meta() == null && entry.unknown().isEmpty()) ? entry
					: new PlanEntry(entry.content(), entry.priority(), entry.status(),
							DetachedContent.map(entry.meta()), DetachedContent.map(entry.unknown())));
		}
		return List.copyOf(copy);
	}

	private static boolean isPlain(SessionUpdate update) {
		Map<String, Object> meta;
		Map<String, Object> unknown;
		if (update instanceof SessionUpdate.CurrentModeUpdate mode) {
			meta = mode.meta();
			unknown = mode.unknown();
		}
		else {
			SessionUpdate.SessionInfoUpdate info = (SessionUpdate.SessionInfoUpdate) update;
			meta = info.meta();
			unknown = info.unknown();
		}
		return meta == null && unknown.isEmpty();
	}

}

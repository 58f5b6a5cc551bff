package dev.acp.spring.agent.support;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.SessionUpdate;

/**
 * The {@code user_message_chunk}s a prompt turn's request is recorded as.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class PromptChunks {

	private PromptChunks() {
	}

	/**
	 * Bind the params of a {@code session/prompt}.
	 * @return the request, or {@code null} when the params do not bind to a
	 * {@link PromptRequest}
	 */
	static @Nullable PromptRequest bind(@Nullable JsonNode params, ObjectMapper mapper) {
		if (params == null) {
			return null;
		}
		try {
			return mapper.treeToValue(params, PromptRequest.class);
		}
		catch (JacksonException | IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * The prompt of a request: a detached copy of each block, sharing nothing the handler
	 * could change.
	 */
	static List<SessionUpdate> of(PromptRequest request, ObjectMapper mapper, @Nullable String messageId) {
		List<ContentBlock> prompt = request.prompt();
		List<SessionUpdate> chunks = new ArrayList<>(prompt.size());
		for (ContentBlock block : prompt) {
			chunks.add(new SessionUpdate.UserMessageChunk(DetachedContent.of(block, mapper), messageId, null));
		}
		return chunks;
	}

	/**
	 * The prompt of params that do not bind as a whole: each block that binds, or none
	 * when one does not.
	 */
	static List<SessionUpdate> of(@Nullable JsonNode params, ObjectMapper mapper, @Nullable String messageId) {
		JsonNode prompt = (params != null) ? params.get("prompt") : null;
		if (prompt == null || !prompt.isArray() || prompt.isEmpty()) {
			return List.of();
		}
		List<SessionUpdate> chunks = new ArrayList<>(prompt.size());
		try {
			for (JsonNode block : prompt) {
				chunks.add(new SessionUpdate.UserMessageChunk(mapper.treeToValue(block, ContentBlock.class), messageId,
						null));
			}
		}
		catch (JacksonException | IllegalArgumentException ex) {
			return List.of();
		}
		return chunks;
	}

}

package dev.acp.spring.ai;

/**
 * How much of the model's side of the conversations the bridge keeps. A deleted session's
 * conversation is always forgotten; a closed one, or one whose connection ended, only
 * when the sessions are not kept for a later {@code session/load} or
 * {@code session/resume}.
 *
 * @param keptForResume whether the starter keeps sessions, so that a closed one can be
 * loaded or resumed later and its conversation continued
 * @param maxConversationBytes the most bytes of message text held per conversation (the
 * oldest messages are dropped past it)
 * @param maxBytes the most bytes of message text held in all (the conversations used
 * least recently are forgotten past it)
 * @author ACP Spring Boot Starter contributors
 */
public record ConversationRetention(boolean keptForResume, long maxConversationBytes, long maxBytes) {

	/**
	 * Check the bounds.
	 */
	public ConversationRetention {
		if (maxConversationBytes <= 0 || maxBytes <= 0) {
			throw new IllegalArgumentException("Conversation bounds must be positive");
		}
	}

}

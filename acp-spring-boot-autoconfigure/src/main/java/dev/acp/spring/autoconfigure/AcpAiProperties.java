package dev.acp.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The model loop: prompt turns served by a Spring AI {@code ChatClient}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.ai")
public class AcpAiProperties {

	/**
	 * Whether a Spring AI ChatClient serves session/new and session/prompt (needs Spring
	 * AI and a ChatClient, ChatClient.Builder or ChatModel bean). An application's own
	 * session/prompt handler wins.
	 */
	private boolean enabled;

	/**
	 * System prompt of every turn. Unset: the ChatClient's own default system text.
	 */
	private @Nullable String systemPrompt;

	/**
	 * Whether a client's systemPrompt may replace the configured one (mode override)
	 * rather than only be appended to it: the configured prompt holds the operator's
	 * instructions, so a client may not drop them unless the application says so.
	 */
	private boolean clientSystemPromptOverride;

	/**
	 * Whether the model gets the client's files (fs/read_text_file, fs/write_text_file)
	 * and terminals (terminal/*) as tools, each when the client advertised it.
	 */
	private boolean clientTools = true;

	/**
	 * Context window of the model in tokens, the size reported in usage_update.
	 */
	private long contextWindow = 128_000;

	/**
	 * Whether to advertise image prompts (promptCapabilities.image): set it when the
	 * model takes images.
	 */
	private boolean images;

	/**
	 * How much of the model's side of the conversations (ChatMemory) is held.
	 */
	private final Memory memory = new Memory();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public boolean isClientSystemPromptOverride() {
		return this.clientSystemPromptOverride;
	}

	public void setClientSystemPromptOverride(boolean clientSystemPromptOverride) {
		this.clientSystemPromptOverride = clientSystemPromptOverride;
	}

	public @Nullable String getSystemPrompt() {
		return this.systemPrompt;
	}

	public void setSystemPrompt(@Nullable String systemPrompt) {
		this.systemPrompt = systemPrompt;
	}

	public boolean isClientTools() {
		return this.clientTools;
	}

	public void setClientTools(boolean clientTools) {
		this.clientTools = clientTools;
	}

	public long getContextWindow() {
		return this.contextWindow;
	}

	public void setContextWindow(long contextWindow) {
		this.contextWindow = contextWindow;
	}

	public boolean isImages() {
		return this.images;
	}

	public void setImages(boolean images) {
		this.images = images;
	}

	public Memory getMemory() {
		return this.memory;
	}

	/**
	 * Bounds of the model's side of the conversations, in bytes of message text. A
	 * deleted session's conversation is forgotten at once; a closed one when sessions are
	 * not kept (acp.sessions.enabled=false).
	 */
	public static class Memory {

		/**
		 * Most message text held per conversation; its oldest messages are dropped past
		 * it.
		 */
		private DataSize maxConversationSize = DataSize.ofMegabytes(16);

		/**
		 * Most message text held in all; the conversations used least recently are
		 * forgotten past it.
		 */
		private DataSize maxSize = DataSize.ofMegabytes(64);

		public DataSize getMaxConversationSize() {
			return this.maxConversationSize;
		}

		public void setMaxConversationSize(DataSize maxConversationSize) {
			this.maxConversationSize = maxConversationSize;
		}

		public DataSize getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(DataSize maxSize) {
			this.maxSize = maxSize;
		}

	}

}

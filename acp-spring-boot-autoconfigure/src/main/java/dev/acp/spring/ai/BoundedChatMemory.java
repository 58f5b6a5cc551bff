package dev.acp.spring.ai;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;

/**
 * A {@link ChatMemory} that holds at most so many bytes (UTF-8 text of the messages) per
 * conversation and in all: past the first bound the conversation's oldest messages are
 * dropped, past the second the conversations used least recently are forgotten whole.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class BoundedChatMemory implements ChatMemory {

	private final ChatMemory delegate;

	private final long maxConversationBytes;

	private final long maxBytes;

	/** Bytes held per conversation, least recently added to first. */
	private final LinkedHashMap<String, Long> sizes = new LinkedHashMap<>(16, 0.75f, true);

	private long total;

	BoundedChatMemory(ChatMemory delegate, long maxConversationBytes, long maxBytes) {
		this.delegate = delegate;
		this.maxConversationBytes = maxConversationBytes;
		this.maxBytes = maxBytes;
	}

	@Override
	public synchronized void add(String conversationId, List<Message> messages) {
		this.delegate.add(conversationId, messages);
		List<Message> held = this.delegate.get(conversationId);
		long size = bytes(held);
		if (size > this.maxConversationBytes) {
			List<Message> kept = new ArrayList<>(held);
			while (!kept.isEmpty() && size > this.maxConversationBytes) {
				size -= bytes(kept.remove(0));
			}
			this.delegate.clear(conversationId);
			if (!kept.isEmpty()) {
				this.delegate.add(conversationId, kept);
			}
		}
		Long previous = this.sizes.put(conversationId, size);
		this.total += size - ((previous != null) ? previous : 0);
		while (this.total > this.maxBytes && this.sizes.size() > 1) {
			Map.Entry<String, Long> oldest = this.sizes.entrySet().iterator().next();
			forget(oldest.getKey());
		}
	}

	@Override
	public synchronized List<Message> get(String conversationId) {
		return this.delegate.get(conversationId);
	}

	@Override
	public synchronized void clear(String conversationId) {
		forget(conversationId);
	}

	/**
	 * The bytes held now, in all.
	 * @return the bytes
	 */
	synchronized long size() {
		return this.total;
	}

	private void forget(String conversationId) {
		Long size = this.sizes.remove(conversationId);
		if (size != null) {
			this.total -= size;
		}
		this.delegate.clear(conversationId);
	}

	private static long bytes(List<Message> messages) {
		long bytes = 0;
		for (Message message : messages) {
			bytes += bytes(message);
		}
		return bytes;
	}

	static long bytes(Message message) {
		long bytes = utf8Length(message.getText());
		if (message instanceof AssistantMessage assistant) {
			for (AssistantMessage.ToolCall call : assistant.getToolCalls()) {
				bytes += utf8Length(call.name()) + utf8Length(call.arguments());
			}
		}
		if (message instanceof ToolResponseMessage tools) {
			for (ToolResponseMessage.ToolResponse response : tools.getResponses()) {
				bytes += utf8Length(response.name()) + utf8Length(response.responseData());
			}
		}
		return bytes;
	}

	private static long utf8Length(@Nullable String text) {
		if (text == null) {
			return 0;
		}
		long length = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c < 0x80) {
				length += 1;
			}
			else if (c < 0x800) {
				length += 2;
			}
			else if (Character.isSurrogate(c)) {
				// a pair of them is one 4-byte character
				length += 2;
			}
			else {
				length += 3;
			}
		}
		return length;
	}

}

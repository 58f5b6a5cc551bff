package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Client-provided system-level instructions for a session, sent on {@code session/new},
 * {@code session/load} and {@code session/resume} when the agent advertised
 * {@code sessionCapabilities.systemPrompt}. Unstable in the ACP schema.
 *
 * @param mode how the agent combines the content with its own instructions
 * @param content the system prompt content (text blocks)
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SystemPrompt(SystemPromptMode mode, List<ContentBlock> content,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SystemPrompt {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(mode, "mode");
		Objects.requireNonNull(content, "content");
	}

	public SystemPrompt(SystemPromptMode mode, List<ContentBlock> content, @Nullable Map<String, Object> meta) {
		this(mode, content, meta, Map.of());
	}

	/**
	 * A system prompt of one text block.
	 * @param mode the mode
	 * @param text the text
	 * @return the system prompt
	 */
	public static SystemPrompt of(SystemPromptMode mode, String text) {
		return new SystemPrompt(mode, List.of(ContentBlock.text(text)), null, Map.of());
	}

	/**
	 * The text of the content: its text blocks joined by blank lines.
	 * @return the text
	 * @throws IllegalArgumentException if the content is empty or holds a block other
	 * than text
	 */
	public String text() {
		if (this.content.isEmpty()) {
			throw new IllegalArgumentException("systemPrompt.content must not be empty");
		}
		return this.content.stream().map((block) -> {
			if (block instanceof ContentBlock.Text text) {
				return text.text();
			}
			throw new IllegalArgumentException("systemPrompt.content supports text blocks only");
		}).collect(Collectors.joining("\n\n"));
	}

}

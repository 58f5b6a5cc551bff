package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Params of {@code session/prompt}.
 *
 * @param sessionId the session
 * @param prompt the content of the user's message
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptRequest(String sessionId, List<ContentBlock> prompt,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PromptRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(prompt, "prompt");
	}

	public PromptRequest(String sessionId, List<ContentBlock> prompt, @Nullable Map<String, Object> meta) {
		this(sessionId, prompt, meta, Map.of());
	}

	/**
	 * The text of the prompt's text blocks, joined.
	 * @return the text, empty when there is none
	 */
	public String text() {
		StringBuilder text = new StringBuilder();
		if (this.prompt != null) {
			for (ContentBlock block : this.prompt) {
				if (block instanceof ContentBlock.Text textBlock && textBlock.text() != null) {
					text.append(textBlock.text());
				}
			}
		}
		return text.toString();
	}

}

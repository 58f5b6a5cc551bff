package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Prompt capabilities supported by the agent in {@code session/prompt} requests.
 *
 * @param image agent supports {@code image} content blocks
 * @param audio agent supports {@code audio} content blocks
 * @param embeddedContext agent supports embedded context in {@code session/prompt}
 * requests
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptCapabilities(
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable PromptImageCapabilities image,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable PromptAudioCapabilities audio,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @Nullable PromptEmbeddedContextCapabilities embeddedContext,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PromptCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public PromptCapabilities(@Nullable PromptImageCapabilities image, @Nullable PromptAudioCapabilities audio,
			@Nullable PromptEmbeddedContextCapabilities embeddedContext, @Nullable Map<String, Object> meta) {
		this(image, audio, embeddedContext, meta, Map.of());
	}

	public PromptCapabilities() {
		this(null, null, null, null, Map.of());
	}

}

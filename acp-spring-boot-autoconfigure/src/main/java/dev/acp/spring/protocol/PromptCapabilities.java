package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * The prompt content an agent accepts beyond text and resource links.
 *
 * @param image whether image content is accepted
 * @param audio whether audio content is accepted
 * @param embeddedContext whether embedded resources are accepted
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptCapabilities(@Nullable Boolean image, @Nullable Boolean audio, @Nullable Boolean embeddedContext,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PromptCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public PromptCapabilities(@Nullable Boolean image, @Nullable Boolean audio, @Nullable Boolean embeddedContext,
			@Nullable Map<String, Object> meta) {
		this(image, audio, embeddedContext, meta, Map.of());
	}

}

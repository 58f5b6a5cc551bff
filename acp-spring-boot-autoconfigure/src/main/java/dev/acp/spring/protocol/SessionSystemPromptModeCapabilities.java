package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * System prompt modes an agent supports besides {@code append}, which every agent
 * advertising {@code sessionCapabilities.systemPrompt} supports; unstable in the ACP
 * schema.
 *
 * @param override whether the {@code override} mode is supported
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionSystemPromptModeCapabilities(@Nullable SessionSystemPromptOverrideCapabilities override,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionSystemPromptModeCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionSystemPromptModeCapabilities(@Nullable SessionSystemPromptOverrideCapabilities override,
			@Nullable Map<String, Object> meta) {
		this(override, meta, Map.of());
	}

}

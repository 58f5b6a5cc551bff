package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Agent support for a client-provided {@code systemPrompt} on {@code session/new},
 * {@code session/load} and {@code session/resume}; {@code {}} means the {@code append}
 * mode only. Unstable in the ACP schema.
 *
 * @param mode the modes supported besides {@code append}
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionSystemPromptCapabilities(@Nullable SessionSystemPromptModeCapabilities mode,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionSystemPromptCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionSystemPromptCapabilities(@Nullable SessionSystemPromptModeCapabilities mode,
			@Nullable Map<String, Object> meta) {
		this(mode, meta, Map.of());
	}

	/**
	 * The {@code append} mode only.
	 * @return the capabilities
	 */
	public static SessionSystemPromptCapabilities appendOnly() {
		return new SessionSystemPromptCapabilities(null, null, Map.of());
	}

	/**
	 * The {@code append} and {@code override} modes.
	 * @return the capabilities
	 */
	public static SessionSystemPromptCapabilities appendAndOverride() {
		return new SessionSystemPromptCapabilities(
				new SessionSystemPromptModeCapabilities(new SessionSystemPromptOverrideCapabilities(), null), null,
				Map.of());
	}

	/**
	 * Whether a mode is advertised by these capabilities.
	 * @param mode the mode
	 * @return whether supported
	 */
	public boolean supports(SystemPromptMode mode) {
		if (SystemPromptMode.APPEND.equals(mode)) {
			return true;
		}
		return SystemPromptMode.OVERRIDE.equals(mode) && this.mode != null && this.mode.override() != null;
	}

}

package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Optional session methods an agent supports. Each present (non-null) entry, written as
 * an object, means the method is supported.
 *
 * @param list {@code session/list}
 * @param delete {@code session/delete}
 * @param additionalDirectories additional workspace roots
 * @param resume {@code session/resume}
 * @param close {@code session/close}
 * @param systemPrompt a client-provided {@code systemPrompt} on session setup (unstable
 * in the ACP schema)
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionCapabilities(@Nullable SessionListCapabilities list, @Nullable SessionDeleteCapabilities delete,
		@Nullable SessionAdditionalDirectoriesCapabilities additionalDirectories,
		@Nullable SessionResumeCapabilities resume, @Nullable SessionCloseCapabilities close,
		@Nullable SessionSystemPromptCapabilities systemPrompt,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionCapabilities(@Nullable SessionListCapabilities list, @Nullable SessionDeleteCapabilities delete,
			@Nullable SessionAdditionalDirectoriesCapabilities additionalDirectories,
			@Nullable SessionResumeCapabilities resume, @Nullable SessionCloseCapabilities close,
			@Nullable Map<String, Object> meta) {
		this(list, delete, additionalDirectories, resume, close, null, meta, Map.of());
	}

	public SessionCapabilities(@Nullable SessionListCapabilities list, @Nullable SessionDeleteCapabilities delete,
			@Nullable SessionAdditionalDirectoriesCapabilities additionalDirectories,
			@Nullable SessionResumeCapabilities resume, @Nullable SessionCloseCapabilities close,
			@Nullable Map<String, Object> meta, @Nullable Map<String, Object> unknown) {
		this(list, delete, additionalDirectories, resume, close, null, meta, UnknownFields.of(unknown));
	}

	/**
	 * These capabilities with {@code systemPrompt} set.
	 * @param systemPrompt the system prompt capabilities
	 * @return the capabilities
	 */
	public SessionCapabilities withSystemPrompt(@Nullable SessionSystemPromptCapabilities systemPrompt) {
		return new SessionCapabilities(this.list, this.delete, this.additionalDirectories, this.resume, this.close,
				systemPrompt, this.meta, this.unknown);
	}

}

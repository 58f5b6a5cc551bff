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
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionCapabilities(@Nullable SessionListCapabilities list, @Nullable SessionDeleteCapabilities delete,
		@Nullable SessionAdditionalDirectoriesCapabilities additionalDirectories,
		@Nullable SessionResumeCapabilities resume, @Nullable SessionCloseCapabilities close,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionCapabilities(@Nullable SessionListCapabilities list, @Nullable SessionDeleteCapabilities delete,
			@Nullable SessionAdditionalDirectoriesCapabilities additionalDirectories,
			@Nullable SessionResumeCapabilities resume, @Nullable SessionCloseCapabilities close,
			@Nullable Map<String, Object> meta) {
		this(list, delete, additionalDirectories, resume, close, meta, null);
	}

}

package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Agent support for the {@code override} system prompt mode; unstable in the ACP schema.
 *
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionSystemPromptOverrideCapabilities(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionSystemPromptOverrideCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionSystemPromptOverrideCapabilities(@Nullable Map<String, Object> meta) {
		this(meta, Map.of());
	}

	public SessionSystemPromptOverrideCapabilities() {
		this(null, Map.of());
	}

}

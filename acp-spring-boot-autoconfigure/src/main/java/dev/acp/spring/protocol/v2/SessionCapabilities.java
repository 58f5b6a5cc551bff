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
 * Session capabilities supported by the agent.
 *
 * @param prompt prompt capabilities supported by the agent in {@code session/prompt}
 * requests
 * @param mcp MCP capabilities supported by the agent for session lifecycle requests
 * @param delete whether the agent supports {@code session/delete}
 * @param additionalDirectories whether the agent supports {@code additionalDirectories}
 * on supported session lifecycle requests
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionCapabilities(
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable PromptCapabilities prompt,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable McpCapabilities mcp,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable SessionDeleteCapabilities delete,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @Nullable SessionAdditionalDirectoriesCapabilities additionalDirectories,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionCapabilities(@Nullable PromptCapabilities prompt, @Nullable McpCapabilities mcp,
			@Nullable SessionDeleteCapabilities delete,
			@Nullable SessionAdditionalDirectoriesCapabilities additionalDirectories,
			@Nullable Map<String, Object> meta) {
		this(prompt, mcp, delete, additionalDirectories, meta, Map.of());
	}

	public SessionCapabilities() {
		this(null, null, null, null, null, Map.of());
	}

}

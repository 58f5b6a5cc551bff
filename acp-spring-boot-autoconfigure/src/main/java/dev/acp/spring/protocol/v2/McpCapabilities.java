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
 * MCP capabilities supported by the agent for session lifecycle requests.
 *
 * @param stdio agent supports {@code stdio} MCP servers
 * @param http agent supports {@code http} MCP servers
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record McpCapabilities(
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable McpStdioCapabilities stdio,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable McpHttpCapabilities http,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public McpCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public McpCapabilities(@Nullable McpStdioCapabilities stdio, @Nullable McpHttpCapabilities http,
			@Nullable Map<String, Object> meta) {
		this(stdio, http, meta, Map.of());
	}

	public McpCapabilities() {
		this(null, null, null, Map.of());
	}

}

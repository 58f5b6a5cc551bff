package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Request parameters for loading an existing session.
 *
 * @param mcpServers list of MCP servers to connect to for this session
 * @param cwd the working directory for this session
 * @param additionalDirectories additional workspace roots to activate for this session
 * @param sessionId the ID of the session to load
 * @param systemPrompt client-provided system-level instructions (unstable in the ACP
 * schema)
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoadSessionRequest(List<McpServer> mcpServers, String cwd, @Nullable List<String> additionalDirectories,
		String sessionId, @Nullable SystemPrompt systemPrompt,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public LoadSessionRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(mcpServers, "mcpServers");
		Objects.requireNonNull(cwd, "cwd");
		Objects.requireNonNull(sessionId, "sessionId");
	}

	public LoadSessionRequest(List<McpServer> mcpServers, String cwd, @Nullable List<String> additionalDirectories,
			String sessionId, @Nullable Map<String, Object> meta) {
		this(mcpServers, cwd, additionalDirectories, sessionId, null, meta, Map.of());
	}

	public LoadSessionRequest(List<McpServer> mcpServers, String cwd, @Nullable List<String> additionalDirectories,
			String sessionId, @Nullable Map<String, Object> meta, @Nullable Map<String, Object> unknown) {
		this(mcpServers, cwd, additionalDirectories, sessionId, null, meta, UnknownFields.of(unknown));
	}

	public LoadSessionRequest(List<McpServer> mcpServers, String cwd, @Nullable List<String> additionalDirectories,
			String sessionId) {
		this(mcpServers, cwd, additionalDirectories, sessionId, null, null, Map.of());
	}

	public LoadSessionRequest(List<McpServer> mcpServers, String cwd, String sessionId) {
		this(mcpServers, cwd, null, sessionId, null, null, Map.of());
	}

}

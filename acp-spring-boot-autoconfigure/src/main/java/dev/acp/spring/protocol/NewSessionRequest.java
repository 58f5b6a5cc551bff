package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Params of {@code session/new}.
 *
 * @param cwd the absolute working directory of the session
 * @param additionalDirectories more absolute workspace roots
 * @param mcpServers the MCP servers to connect to, as received
 * @param systemPrompt client-provided system-level instructions (unstable in the ACP
 * schema)
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewSessionRequest(String cwd, @Nullable List<String> additionalDirectories, List<McpServer> mcpServers,
		@Nullable SystemPrompt systemPrompt, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public NewSessionRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(cwd, "cwd");
		Objects.requireNonNull(mcpServers, "mcpServers");
	}

	public NewSessionRequest(String cwd, @Nullable List<String> additionalDirectories, List<McpServer> mcpServers,
			@Nullable Map<String, Object> meta) {
		this(cwd, additionalDirectories, mcpServers, null, meta, Map.of());
	}

	public NewSessionRequest(String cwd, @Nullable List<String> additionalDirectories, List<McpServer> mcpServers,
			@Nullable Map<String, Object> meta, @Nullable Map<String, Object> unknown) {
		this(cwd, additionalDirectories, mcpServers, null, meta, UnknownFields.of(unknown));
	}

}

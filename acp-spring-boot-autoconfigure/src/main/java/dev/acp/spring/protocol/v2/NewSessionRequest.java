package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Request parameters for creating a new session.
 *
 * @param cwd the working directory for this session
 * @param additionalDirectories additional workspace roots for this session
 * @param mcpServers list of MCP (Model Context Protocol) servers the agent should connect
 * to
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NewSessionRequest(String cwd, @Nullable List<String> additionalDirectories,
		@Nullable List<McpServer> mcpServers,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public NewSessionRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(cwd, "cwd");
	}

	public NewSessionRequest(String cwd, @Nullable List<String> additionalDirectories,
			@Nullable List<McpServer> mcpServers, @Nullable Map<String, Object> meta) {
		this(cwd, additionalDirectories, mcpServers, meta, Map.of());
	}

	public NewSessionRequest(String cwd) {
		this(cwd, null, null, null, Map.of());
	}

}

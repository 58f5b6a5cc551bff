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
 * Request parameters for resuming an existing session.
 *
 * @param sessionId the ID of the session to resume
 * @param cwd the working directory for this session
 * @param additionalDirectories additional workspace roots to activate for this session
 * @param mcpServers list of MCP servers to connect to for this session
 * @param replayFrom inclusive cursor describing where conversation replay should begin
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResumeSessionRequest(String sessionId, String cwd, @Nullable List<String> additionalDirectories,
		@Nullable List<McpServer> mcpServers, @Nullable ReplayFrom replayFrom,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ResumeSessionRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(cwd, "cwd");
	}

	public ResumeSessionRequest(String sessionId, String cwd, @Nullable List<String> additionalDirectories,
			@Nullable List<McpServer> mcpServers, @Nullable ReplayFrom replayFrom, @Nullable Map<String, Object> meta) {
		this(sessionId, cwd, additionalDirectories, mcpServers, replayFrom, meta, Map.of());
	}

	public ResumeSessionRequest(String sessionId, String cwd) {
		this(sessionId, cwd, null, null, null, null, Map.of());
	}

}

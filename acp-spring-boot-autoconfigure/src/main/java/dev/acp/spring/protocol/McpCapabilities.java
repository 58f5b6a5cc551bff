package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The MCP server transports an agent can connect to.
 *
 * @param http whether HTTP MCP servers are supported
 * @param sse whether SSE MCP servers are supported
 * @param meta the {@code _meta} object, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record McpCapabilities(Boolean http, Boolean sse, @JsonProperty("_meta") Map<String, Object> meta) {

}

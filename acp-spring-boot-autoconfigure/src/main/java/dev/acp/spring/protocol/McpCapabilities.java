package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * The MCP server transports an agent can connect to.
 *
 * @param http whether HTTP MCP servers are supported
 * @param sse whether SSE MCP servers are supported
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record McpCapabilities(@Nullable Boolean http, @Nullable Boolean sse,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public McpCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public McpCapabilities(@Nullable Boolean http, @Nullable Boolean sse, @Nullable Map<String, Object> meta) {
		this(http, sse, meta, Map.of());
	}

}

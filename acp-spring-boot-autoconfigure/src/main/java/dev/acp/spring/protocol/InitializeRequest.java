package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Params of {@code initialize}.
 *
 * @param protocolVersion the newest protocol version the client speaks
 * @param clientCapabilities what the client supports, or {@code null}
 * @param clientInfo the client implementation, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InitializeRequest(Integer protocolVersion, ClientCapabilities clientCapabilities,
		Implementation clientInfo, @JsonProperty("_meta") Map<String, Object> meta) {

}

package dev.acp.spring.jsonrpc;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An inbound JSON-RPC request.
 *
 * @param id the request id exactly as received (a string, number or null node)
 * @param method the method name
 * @param params the params, or {@code null} when absent
 */
public record JsonRpcRequest(JsonNode id, String method, @Nullable JsonNode params) implements JsonRpcMessage {

}

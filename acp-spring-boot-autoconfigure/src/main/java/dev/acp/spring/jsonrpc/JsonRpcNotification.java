package dev.acp.spring.jsonrpc;

import tools.jackson.databind.JsonNode;

/**
 * An inbound JSON-RPC notification.
 *
 * @param method the method name
 * @param params the params, or {@code null} when absent
 */
public record JsonRpcNotification(String method, JsonNode params) implements JsonRpcMessage {

}

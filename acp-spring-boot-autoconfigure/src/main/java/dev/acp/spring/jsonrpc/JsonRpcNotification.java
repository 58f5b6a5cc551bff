package dev.acp.spring.jsonrpc;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An inbound JSON-RPC notification.
 *
 * @param method the method name
 * @param params the params, or {@code null} when absent
 */
public record JsonRpcNotification(String method, @Nullable JsonNode params) implements JsonRpcMessage {

}

package dev.acp.spring.jsonrpc;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An inbound JSON-RPC response to a request this side sent.
 *
 * @param id the id as received
 * @param result the result, or {@code null} for an error response
 * @param error the error, or {@code null} for a successful response
 */
public record JsonRpcResponse(JsonNode id, @Nullable JsonNode result,
		@Nullable JsonRpcError error) implements JsonRpcMessage {

}

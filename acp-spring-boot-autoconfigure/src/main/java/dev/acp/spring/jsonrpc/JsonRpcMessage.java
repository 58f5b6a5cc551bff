package dev.acp.spring.jsonrpc;

/**
 * A decoded JSON-RPC 2.0 message: a request, a notification or a response.
 *
 * @author ACP Spring Boot Starter contributors
 */
public sealed interface JsonRpcMessage permits JsonRpcRequest, JsonRpcNotification, JsonRpcResponse {

}

package dev.acp.spring.jsonrpc;

import java.util.concurrent.CompletionStage;

/**
 * Serves the inbound requests and notifications of one connection.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface JsonRpcHandler {

	/**
	 * Handle a request. The returned stage completes with the result (any
	 * Jackson-writable value) or fails; a {@link JsonRpcException} answers its error, any
	 * other failure answers -32603 without details.
	 * @param request the request
	 * @return the result stage
	 */
	CompletionStage<?> handleRequest(InboundRequest request);

	/**
	 * Handle a notification. Notifications of a connection are handled one at a time, in
	 * arrival order.
	 * @param notification the notification
	 */
	void handleNotification(JsonRpcNotification notification);

	/**
	 * Whether a request to the given method is dispatched on the reading thread, so that
	 * every message after it is handled after it was dispatched (for example
	 * {@code initialize}). Such handlers must not block.
	 * @param method the method name
	 * @return {@code true} to dispatch in line
	 */
	default boolean isDispatchedInline(String method) {
		return false;
	}

	/**
	 * Called once when the connection has closed.
	 */
	default void connectionClosed() {
	}

}

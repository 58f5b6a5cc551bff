package dev.acp.spring.jsonrpc;

import java.util.concurrent.CompletionStage;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

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
	 * arrival order, and each before any message received after it starts.
	 * @param notification the notification
	 */
	void handleNotification(JsonRpcNotification notification);

	/**
	 * Called on the reading thread as soon as a notification arrives, before it waits its
	 * turn for {@link #handleNotification}: what must take effect at once (a
	 * cancellation) happens here. Must not block.
	 * @param notification the notification
	 */
	default void notificationReceived(JsonRpcNotification notification) {
	}

	/**
	 * The order key of a request, called on the reading thread when it arrives: requests
	 * with the same key run one at a time, in arrival order (for example the prompt turns
	 * of one session). Must not block.
	 * @param method the method
	 * @param params the params as received, or {@code null}
	 * @return the key, or {@code null} for a request that runs concurrently with any
	 */
	default @Nullable String orderKey(String method, @Nullable JsonNode params) {
		return null;
	}

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
	 * The answer of a request whose cancellation was signalled (see
	 * {@link InboundRequest#signalCancellation()}) when its handler has not returned
	 * within the grace period: a protocol may define what a cancelled request answers.
	 * @param request the request
	 * @return the result to answer, or {@code null} to answer -32800
	 */
	default @Nullable Object cancelledResult(InboundRequest request) {
		return null;
	}

	/**
	 * The connection gave up on the handler of a request (it ran past a time limit, or
	 * did not return within the grace period of its cancellation): the request is
	 * answered, what the handler still sends is dropped, and the requests behind it
	 * start. For an {@link InboundRequest#acknowledge(Object) acknowledged} request this
	 * is where the protocol may report the end of its work.
	 * @param request the request
	 */
	default void givenUp(InboundRequest request) {
	}

	/**
	 * Called once when the connection has closed.
	 */
	default void connectionClosed() {
	}

}

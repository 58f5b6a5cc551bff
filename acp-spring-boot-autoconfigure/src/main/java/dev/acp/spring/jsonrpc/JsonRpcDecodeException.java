package dev.acp.spring.jsonrpc;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A frame that could not be decoded into a message, with the error to answer and the
 * request id when it was readable.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class JsonRpcDecodeException extends JsonRpcException {

	private final transient @Nullable JsonNode id;

	private final boolean notification;

	public JsonRpcDecodeException(JsonRpcError error, @Nullable JsonNode id) {
		this(error, id, false);
	}

	/**
	 * Create an exception.
	 * @param error the error to answer
	 * @param id the request id when readable, or {@code null}
	 * @param notification whether the message is a notification (never answered)
	 */
	public JsonRpcDecodeException(JsonRpcError error, @Nullable JsonNode id, boolean notification) {
		super(error);
		this.id = id;
		this.notification = notification;
	}

	/**
	 * Whether the message was recognisably a notification, which is never answered
	 * however malformed it is.
	 * @return whether a notification
	 */
	public boolean isNotification() {
		return this.notification;
	}

	/**
	 * The id of the offending message when it was readable.
	 * @return the id or {@code null}
	 */
	public @Nullable JsonNode getId() {
		return this.id;
	}

}

package dev.acp.spring.jsonrpc;

import tools.jackson.databind.JsonNode;

/**
 * A frame that could not be decoded into a message, with the error to answer and the
 * request id when it was readable.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class JsonRpcDecodeException extends JsonRpcException {

	private final transient JsonNode id;

	public JsonRpcDecodeException(JsonRpcError error, JsonNode id) {
		super(error);
		this.id = id;
	}

	/**
	 * The id of the offending message when it was readable.
	 * @return the id or {@code null}
	 */
	public JsonNode getId() {
		return this.id;
	}

}

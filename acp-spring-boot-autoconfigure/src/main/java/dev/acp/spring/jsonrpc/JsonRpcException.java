package dev.acp.spring.jsonrpc;

import org.jspecify.annotations.Nullable;

/**
 * An exception that carries the exact JSON-RPC error to answer. Thrown by handlers (or
 * completing their futures) to answer a request with that error; also the failure of an
 * outbound request whose peer answered with an error.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class JsonRpcException extends RuntimeException {

	private final transient JsonRpcError error;

	public JsonRpcException(JsonRpcError error) {
		super(error.message(), null, false, false);
		this.error = error;
	}

	public JsonRpcException(int code, String message, @Nullable Object data) {
		this(new JsonRpcError(code, message, data));
	}

	/**
	 * The error to answer.
	 * @return the error
	 */
	public JsonRpcError getError() {
		return this.error;
	}

}

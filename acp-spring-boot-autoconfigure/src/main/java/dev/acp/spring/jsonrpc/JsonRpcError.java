package dev.acp.spring.jsonrpc;

import org.jspecify.annotations.Nullable;

/**
 * A JSON-RPC error object.
 *
 * @param code the error code
 * @param message a short description
 * @param data additional information (any Jackson-writable value), or {@code null}
 */
public record JsonRpcError(int code, String message, @Nullable Object data) {

	/** Invalid JSON was received. */
	public static final int PARSE_ERROR = -32700;

	/** The JSON sent is not a valid request object. */
	public static final int INVALID_REQUEST = -32600;

	/** The method does not exist or is not available. */
	public static final int METHOD_NOT_FOUND = -32601;

	/** Invalid method parameters. */
	public static final int INVALID_PARAMS = -32602;

	/** Internal error. */
	public static final int INTERNAL_ERROR = -32603;

	/** The request was cancelled. */
	public static final int REQUEST_CANCELLED = -32800;

	/**
	 * Too much work in flight: the request was refused at once, without running. An
	 * implementation-defined server error (JSON-RPC reserves -32000 to -32099).
	 */
	public static final int SERVER_BUSY = -32001;

	public JsonRpcError(int code, String message) {
		this(code, message, null);
	}

	public static JsonRpcError parseError(String detail) {
		return new JsonRpcError(PARSE_ERROR, "Parse error", detail);
	}

	public static JsonRpcError invalidRequest(String detail) {
		return new JsonRpcError(INVALID_REQUEST, "Invalid Request", detail);
	}

	public static JsonRpcError methodNotFound(String method) {
		return new JsonRpcError(METHOD_NOT_FOUND, "Method not found", method);
	}

	public static JsonRpcError internalError() {
		return new JsonRpcError(INTERNAL_ERROR, "Internal error");
	}

	public static JsonRpcError serverBusy() {
		return new JsonRpcError(SERVER_BUSY, "Server busy", "Too many requests in flight; retry later");
	}

	public static JsonRpcError requestCancelled() {
		return new JsonRpcError(REQUEST_CANCELLED, "Request cancelled");
	}

}

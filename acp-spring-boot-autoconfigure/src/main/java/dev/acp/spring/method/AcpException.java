package dev.acp.spring.method;

import dev.acp.spring.jsonrpc.JsonRpcException;
import org.jspecify.annotations.Nullable;

/**
 * Thrown by a handler to answer exactly this error: code, message and data go on the wire
 * as given.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpException extends JsonRpcException {

	public AcpException(int code, String message) {
		super(code, message, null);
	}

	public AcpException(int code, String message, @Nullable Object data) {
		super(code, message, data);
	}

}

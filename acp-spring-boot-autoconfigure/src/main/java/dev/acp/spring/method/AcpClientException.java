package dev.acp.spring.method;

import dev.acp.spring.jsonrpc.JsonRpcError;

/**
 * The client answered a request of the agent with an error. Deliberately not an
 * {@link AcpException}: left unhandled in a handler, it answers -32603 rather than
 * passing the client's own error back to it.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpClientException extends RuntimeException {

	private final transient JsonRpcError error;

	public AcpClientException(String method, JsonRpcError error) {
		super("The client answered '" + method + "' with error " + error.code() + ": " + error.message());
		this.error = error;
	}

	/**
	 * The error the client answered.
	 * @return the error
	 */
	public JsonRpcError getError() {
		return this.error;
	}

}

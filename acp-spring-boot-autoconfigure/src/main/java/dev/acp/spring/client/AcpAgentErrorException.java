package dev.acp.spring.client;

import dev.acp.spring.jsonrpc.JsonRpcError;

/**
 * The agent answered a call with a JSON-RPC error.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpAgentErrorException extends AcpAgentClientException {

	private final transient JsonRpcError error;

	private final String method;

	public AcpAgentErrorException(String agent, String method, JsonRpcError error) {
		super("Agent '" + agent + "' answered '" + method + "' with error " + error.code() + ": " + error.message()
				+ ((error.data() != null) ? " (" + error.data() + ")" : ""));
		this.method = method;
		this.error = error;
	}

	/**
	 * The method called.
	 * @return the method
	 */
	public String getMethod() {
		return this.method;
	}

	/**
	 * The error the agent answered.
	 * @return the error
	 */
	public JsonRpcError getError() {
		return this.error;
	}

}

package dev.acp.spring.jsonrpc;

/**
 * Creates the handler that serves a newly opened connection.
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface JsonRpcHandlerFactory {

	/**
	 * Create the handler of a connection.
	 * @param connection the connection
	 * @return its handler
	 */
	JsonRpcHandler createHandler(JsonRpcConnection connection);

}

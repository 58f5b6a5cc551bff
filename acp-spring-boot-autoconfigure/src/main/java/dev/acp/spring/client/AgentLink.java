package dev.acp.spring.client;

import java.util.concurrent.CompletableFuture;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import org.jspecify.annotations.Nullable;

/**
 * What carries the connection to one agent: a spawned process or a WebSocket.
 *
 * @author ACP Spring Boot Starter contributors
 */
interface AgentLink {

	/**
	 * The JSON-RPC connection carried.
	 * @return the connection
	 */
	JsonRpcConnection connection();

	/**
	 * Completes when the agent is gone (process exited, socket closed).
	 * @return the future
	 */
	CompletableFuture<?> terminated();

	/**
	 * The exit code of a spawned agent, waiting briefly for it to exit.
	 * @return the exit code, or {@code null} when unknown
	 */
	@Nullable Integer exitCode();

	/**
	 * Stop the agent and close the connection.
	 */
	void close();

}

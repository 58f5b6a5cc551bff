package dev.acp.demo;

import java.time.Duration;

import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC client of the demo over one connection, whatever its transport: sends
 * messages, hands back each message the agent sends, in order.
 *
 * @author ACP Spring Boot Starter contributors
 */
interface DemoClient extends AutoCloseable {

	/** Send one JSON-RPC message (a request, a notification or an answer). */
	void send(String message) throws Exception;

	/** The next message the agent sent, waiting at most {@code timeout}. */
	JsonNode next(Duration timeout) throws InterruptedException;

	/**
	 * The answer to request {@code id}, skipping what comes before it.
	 */
	default JsonNode answer(int id, Duration timeout) throws InterruptedException {
		while (true) {
			JsonNode message = next(timeout);
			if (message.path("id").asInt(-1) == id && !message.has("method")) {
				return message;
			}
		}
	}

	@Override
	void close();

}

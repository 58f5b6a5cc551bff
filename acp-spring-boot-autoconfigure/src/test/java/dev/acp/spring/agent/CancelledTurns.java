package dev.acp.spring.agent;

import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A prompt turn cancelled while its handler waits for a call to the client, as the client
 * sees it.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class CancelledTurns {

	private CancelledTurns() {
	}

	/**
	 * Prompt session {@code s1} (request id 7) with a text.
	 * @param peer the client
	 * @param text the prompt's text
	 * @return the next message: the call the handler makes to the client
	 * @throws InterruptedException if interrupted
	 */
	static JsonNode prompt(TestPeer peer, String text) throws InterruptedException {
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\"s1\","
				+ "\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}");
		return peer.next();
	}

	/**
	 * Cancel session {@code s1}, and assert the client's pending call is cancelled and
	 * the turn answered {@code cancelled}, in either order.
	 * @param peer the client
	 * @param call the call the turn's handler waits for
	 * @throws InterruptedException if interrupted
	 */
	static void cancelAndAssertAnsweredCancelled(TestPeer peer, JsonNode call) throws InterruptedException {
		peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"s1\"}}");
		JsonNode first = peer.next();
		JsonNode second = peer.next();
		JsonNode cancel = first.has("method") ? first : second;
		JsonNode answer = first.has("method") ? second : first;
		assertThat(cancel.toString()).isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"$/cancel_request\","
				+ "\"params\":{\"requestId\":" + call.get("id") + "}}");
		assertThat(answer.toString())
			.isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"stopReason\":\"cancelled\"}}");
	}

}

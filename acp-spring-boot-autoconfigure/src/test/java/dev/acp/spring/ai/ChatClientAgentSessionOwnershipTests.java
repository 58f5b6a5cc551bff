package dev.acp.spring.ai;

import java.net.ServerSocket;
import java.util.List;

import dev.acp.spring.agent.TestPeer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The model loop resolves a session through the starter ({@code context.session()}), so
 * it serves a session only to its owner, and a session opened again starts the MCP
 * servers the client sent with that request.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ChatClientAgentSessionOwnershipTests {

	private static final String UNKNOWN = "sess_00000000-0000-0000-0000-000000000000";

	private final ApplicationContextRunner contextRunner = ChatClientAgentContexts.agent();

	private static TestPeer peer(ApplicationContext context, String principal) throws InterruptedException {
		TestPeer peer = new TestPeer(context);
		peer.connection().setPrincipal(() -> principal);
		peer.initialize("{}");
		return peer;
	}

	private static String prompt(String sessionId) {
		return "{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"hi\"}]}";
	}

	private static String load(String sessionId, String mcpServers) {
		return "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":" + mcpServers + "}";
	}

	@Test
	void anotherPrincipalsPromptOfASessionIsAnsweredAsForAnUnknownOne() {
		this.contextRunner.run((context) -> {
			TestPeer alice = peer(context, "alice");
			String sessionId = alice.call("session/new", "{\"cwd\":\"/work\",\"mcpServers\":[]}")
				.at("/result/sessionId")
				.asString();
			TestPeer bob = peer(context, "bob");
			JsonNode unknownLoad = bob.call("session/load", load(UNKNOWN, "[]")).get("error");
			assertThat(bob.call("session/load", load(sessionId, "[]")).at("/error").toString())
				.isEqualTo(unknownLoad.toString().replace(UNKNOWN, sessionId));
			JsonNode unknownPrompt = bob.call("session/prompt", prompt(UNKNOWN)).get("error");
			assertThat(unknownPrompt.get("code").asInt()).isEqualTo(-32002);
			JsonNode answer = bob.call("session/prompt", prompt(sessionId));
			assertThat(answer.has("error")).as("%s", answer).isTrue();
			assertThat(answer.get("error").toString()).isEqualTo(unknownPrompt.toString().replace(UNKNOWN, sessionId));
			assertThat(context.getBean(ChatClientAgent.class).openSessions()).isOne();
		});
	}

	@Test
	void aSessionLoadedOnAnotherConnectionStartsTheMcpServersOfTheLoad() {
		this.contextRunner.withPropertyValues("acp.mcp-servers.network.allowed-hosts=127.0.0.1").run((context) -> {
			TestPeer alice = peer(context, "alice");
			String sessionId = alice.call("session/new", "{\"cwd\":\"/work\",\"mcpServers\":[]}")
				.at("/result/sessionId")
				.asString();
			int port;
			try (ServerSocket socket = new ServerSocket(0)) {
				port = socket.getLocalPort();
			}
			String fresh = "[{\"type\":\"http\",\"name\":\"fresh\",\"url\":\"http://127.0.0.1:" + port
					+ "/mcp\",\"headers\":[{\"name\":\"Authorization\",\"value\":\"Bearer fresh\"}]}]";
			TestPeer again = peer(context, "alice");
			assertThat(again.call("session/load", load(sessionId, fresh)).has("result")).isTrue();
			JsonNode answer = again.call("session/prompt", prompt(sessionId));
			assertThat(answer.at("/error/message").asString()).isEqualTo("MCP server 'fresh' did not start");
			assertThat(List.of(answer.at("/error/data/mcpServer").asString())).containsExactly("fresh");
		});
	}

}

package dev.acp.spring.ai;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.acp.spring.agent.TestPeer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A stdio MCP server a session started (a real process) ends with the session: when it is
 * closed or deleted, before the answer, and when its connection ends.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ChatClientAgentMcpServerLifetimeTests {

	private static final Duration EXIT = Duration.ofSeconds(10);

	private final ApplicationContextRunner contextRunner = ChatClientAgentContexts.agent();

	@Test
	void sessionCloseEndsTheSessionsMcpServerBeforeItIsAnswered() {
		assertEndsTheSessionsMcpServerBeforeItIsAnswered("session/close");
	}

	@Test
	void sessionDeleteEndsTheSessionsMcpServerBeforeItIsAnswered() {
		assertEndsTheSessionsMcpServerBeforeItIsAnswered("session/delete");
	}

	@Test
	void theEndOfTheConnectionEndsItsSessionsMcpServers() {
		this.contextRunner.run((context) -> {
			TestPeer peer = peer(context);
			String marker = marker();
			newSession(peer, marker);
			ProcessHandle server = server(marker);

			peer.connection().close(Duration.ofSeconds(1));

			assertEnded(server);
			assertThat(context.getBean(ChatClientAgent.class).openSessions()).isZero();
		});
	}

	private void assertEndsTheSessionsMcpServerBeforeItIsAnswered(String method) {
		this.contextRunner.run((context) -> {
			TestPeer peer = peer(context);
			String marker = marker();
			String sessionId = newSession(peer, marker);
			ProcessHandle server = server(marker);

			JsonNode answer = peer.call(method, "{\"sessionId\":\"" + sessionId + "\"}");

			assertThat(answer.has("result")).as("%s", answer).isTrue();
			assertEnded(server);
		});
	}

	private static TestPeer peer(ApplicationContext context) throws InterruptedException {
		TestPeer peer = new TestPeer(context, "stdio");
		peer.initialize("{}");
		return peer;
	}

	private static String marker() {
		return "acp-test-" + UUID.randomUUID();
	}

	private static String newSession(TestPeer peer, String marker) throws Exception {
		String script = Path
			.of(ChatClientAgentMcpServerLifetimeTests.class.getResource("/mcp/tiny-mcp-server.js").toURI())
			.toString();
		JsonNode answer = peer.call("session/new", "{\"cwd\":\"/work\",\"mcpServers\":[{\"name\":\"tiny\",\"command\":"
				+ "\"node\",\"args\":[\"" + script + "\",\"" + marker + "\"],\"env\":[]}]}");
		assertThat(answer.has("result")).as("%s", answer).isTrue();
		return answer.at("/result/sessionId").asString();
	}

	private static ProcessHandle server(String marker) {
		List<ProcessHandle> servers = ProcessHandle.current()
			.descendants()
			.filter((process) -> process.info().commandLine().orElse("").contains(marker))
			.toList();
		assertThat(servers).as("the MCP server's process").hasSize(1);
		return servers.get(0);
	}

	private static void assertEnded(ProcessHandle server) throws Exception {
		try {
			server.onExit().get(EXIT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			// the assertion below names it
		}
		assertThat(server.isAlive()).as("the MCP server process %d is alive", server.pid()).isFalse();
	}

}

package dev.acp.spring.inspector.bridge;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The spawned agent's life as the page sees it: its standard error, its exit, and its end
 * with the application.
 */
class InspectorBridgeAgentLifecycleTests {

	@Test
	void forwardsTheAgentsStandardErrorLinesToThePage() {
		try (TestBridge bridge = TestBridge.start(); TestPage page = bridge.page()) {
			assertThat(page.awaitControl("stderr").path("line").asString()).isEqualTo("test agent ready");
		}
	}

	@Test
	void tellsThePageTheAgentsExitCode(@TempDir Path cwd) {
		try (TestBridge bridge = TestBridge.start(); TestPage page = bridge.page()) {
			page.call("initialize", "{\"protocolVersion\":1,\"clientCapabilities\":{}}");
			String session = bridge.newSession(page, cwd);
			page.send(InspectorBridgeTests.prompt(TestPage.nextId(), session, "exit"));
			assertThat(page.awaitControl("exited").path("code").asInt()).isEqualTo(3);
			page.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{}}");
			assertThat(page.awaitControl("error").path("message").asString()).isEqualTo("The agent has exited");
		}
	}

	@Test
	void keepsTheAgentRunningWhenThePageDisconnectsAndEndsItAndItsChildrenWhenTheApplicationStops(@TempDir Path cwd) {
		TestBridge bridge = TestBridge.start();
		ProcessHandle agent = bridge.context.getBean(AgentRelay.class).agent().handle();
		ProcessHandle child;
		try (TestPage page = bridge.page()) {
			page.call("initialize", "{\"protocolVersion\":1,\"clientCapabilities\":{}}");
			String session = bridge.newSession(page, cwd);
			page.send(InspectorBridgeTests.prompt(TestPage.nextId(), session, "child"));
			String text = page.awaitUpdate("agent_message_chunk").at("/params/update/content/text").asString();
			child = ProcessHandle.of(Long.parseLong(text.substring("child ".length()))).orElseThrow();
		}
		assertThat(agent.isAlive()).isTrue();
		TestPage second = bridge.page();
		bridge.close();
		assertThat(agent.isAlive()).isFalse();
		assertThat(child.isAlive()).isFalse();
		assertThat(second.awaitClose()).isEqualTo(1001);
	}

}

package dev.acp.spring.inspector.bridge;

import java.net.InetAddress;
import java.util.List;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import org.junit.jupiter.api.Test;

import org.springframework.boot.web.server.autoconfigure.ServerProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The settings the bridge runs with whatever its options say.
 */
class InspectorBridgeSettingsTests {

	@Test
	void listensOnLoopbackOnlyAndStartsNoAgentSideWhateverTheOptionsSay() throws Exception {
		try (TestBridge bridge = TestBridge.start("--server.address=0.0.0.0", "--acp.transport=websocket",
				"--acp.enabled=true", "--spring.main.banner-mode=console")) {
			assertThat(bridge.context.getBean(ServerProperties.class).getAddress())
				.isEqualTo(InetAddress.getByName("127.0.0.1"));
			assertThat(bridge.context.getBeanNamesForType(JsonRpcConnectionFactory.class)).isEmpty();
			assertThat(bridge.context.getEnvironment().getProperty("acp.transport")).isEqualTo("none");
		}
	}

	@Test
	void failsToStartWhenTheAgentCommandCannotRun() {
		assertThatException()
			.isThrownBy(() -> AcpInspectorApplication
				.run(new AgentCommand(List.of(), List.of("/nonexistent/acp-agent", "--stdio"))))
			.withStackTraceContaining("Could not start the agent command '/nonexistent/acp-agent --stdio'");
	}

}

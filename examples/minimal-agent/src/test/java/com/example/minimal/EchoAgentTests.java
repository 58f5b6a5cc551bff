package com.example.minimal;

import java.util.List;
import java.util.Map;

import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent driven in memory: {@code @AcpTest} starts only its ACP parts.
 */
@AcpTest
class EchoAgentTests {

	@Autowired
	private AcpTestClient client;

	@Test
	void aPromptIsAnsweredWithItsTextShouted() {
		assertThat(this.client.initialize().agentInfo().name()).isEqualTo("minimal-agent");
		String sessionId = this.client.newSession();
		assertThat(this.client.prompt(sessionId, "hello").stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(this.client.agentMessageText(sessionId)).isEqualTo("HELLO");
	}

	@Test
	void aPromptForAnUnknownSessionIsRefused() {
		this.client.initialize();
		assertThat(this.client.call("session/prompt",
				Map.of("sessionId", "sess_unknown", "prompt", List.of(Map.of("type", "text", "text", "hi")))))
			.failsWith(AcpErrorCodes.RESOURCE_NOT_FOUND)
			.hasDataContaining("sess_unknown");
	}

}

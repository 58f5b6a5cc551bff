package com.example.minimal;

import java.nio.file.Path;

import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.NewSessionResponse;
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
		NewSessionResponse session = this.client.newSession(Path.of("."));
		assertThat(session.sessionId()).startsWith("sess_");
		String sessionId = session.sessionId();
		assertThat(this.client.prompt(sessionId, "hello").stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(this.client.agentMessageText(sessionId)).isEqualTo("HELLO");
	}

	@Test
	void aPromptForAnUnknownSessionIsRefused() {
		this.client.initialize();
		assertThat(this.client.promptAsync("sess_unknown", "hi").join()).failsWith(AcpErrorCodes.RESOURCE_NOT_FOUND)
			.hasDataContaining("sess_unknown");
	}

}

package dev.acp.spring.test.docs.notes;

import java.util.Map;

import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

// docs/testing.md: the snippet is copied from this file (DocsSnippetsTests holds them together)
@AcpTest
class NotesAgentTests {

	@Autowired
	AcpTestClient client;

	@Test
	void savesANoteTheUserAllows() {
		// answers the agent's call
		client.onPermissionRequest((request) -> RequestPermissionResponse.selected("save"));
		// capabilities, _meta
		client.initialize(
				new ClientCapabilities(null, null, null, null, null, Map.of("zed.dev", Map.of("workspace", true))));
		String sessionId = client.newSession();
		assertThat(client.prompt(sessionId, "buy milk").stopReason()).isEqualTo(StopReason.END_TURN);
		// what the agent sent: session/updates
		assertThat(client.agentMessageText(sessionId)).isEqualTo("Saved. 1 note(s).");
		assertThat(client.call("_notes.example/count", Map.of("sessionId", sessionId))).hasResult("{\"count\":1}");
		assertThat(client.call("_notes.example/count", Map.of("sessionId", "nope"))).failsWith(-32002);
	}

}

package dev.acp.spring.test.docs.standalone;

import java.util.List;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.test.AcpTestClient;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

// docs/testing.md "One handler method, no context": the snippet is copied from this file (DocsSnippetsTests
// holds them together)
class MyAgentTests {

	@Test
	void thePromptHandlerStreamsThePromptBack() {
		try (AcpTestClient client = AcpTestClient.standalone()) {
			client.initialize();
			PromptRequest request = new PromptRequest("sess_1", List.of(new ContentBlock.Text("hi")), null);
			new MyAgent().prompt(request, client.requestContext("session/prompt", request));
			assertThat(client.agentMessageText("sess_1")).isEqualTo("hi");
		}
	}

	static class MyAgent {

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) {
			context.client().agentMessageChunk(request.sessionId(), request.text());
			return new PromptResponse(StopReason.END_TURN);
		}

	}

}

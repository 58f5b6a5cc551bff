package dev.acp.spring.test.docs.restart;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.stereotype.Component;

// An agent whose sessions the starter keeps (session/new, session/load), for SessionsSurviveRestartTests
// (docs/testing.md)
@SpringBootApplication
public class EchoApplication {

}

@Component
class EchoAgent {

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpClient client) {
		client.agentMessageChunk(request.sessionId(), "You said: " + request.text());
		return new PromptResponse(StopReason.END_TURN);
	}

}

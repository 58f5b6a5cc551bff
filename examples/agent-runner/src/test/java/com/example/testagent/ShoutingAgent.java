package com.example.testagent;

import java.util.UUID;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A small agent on the starter that the runner's test spawns over stdio: it streams a
 * prompt back shouted, one word per update.
 */
@SpringBootApplication
public class ShoutingAgent {

	public static void main(String[] args) {
		SpringApplication.run(ShoutingAgent.class, args);
	}

	@AcpMethod("session/new")
	NewSessionResponse newSession(NewSessionRequest request) {
		return new NewSessionResponse("sess_" + UUID.randomUUID());
	}

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpRequestContext context) {
		for (String word : request.text().split(" ")) {
			context.client().agentMessageChunk(request.sessionId(), word.toUpperCase() + " ");
		}
		return new PromptResponse(StopReason.END_TURN);
	}

}

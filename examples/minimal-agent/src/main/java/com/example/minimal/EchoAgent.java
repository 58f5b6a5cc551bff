package com.example.minimal;

import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;

import org.springframework.stereotype.Component;

/**
 * Sessions whose prompts are answered with the prompt's text, shouted.
 */
@Component
class EchoAgent {

	private final Set<String> sessions = ConcurrentHashMap.newKeySet();

	@AcpMethod("session/new")
	NewSessionResponse newSession(NewSessionRequest request) {
		String sessionId = "sess_" + UUID.randomUUID();
		this.sessions.add(sessionId);
		return new NewSessionResponse(sessionId);
	}

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpRequestContext context) {
		if (!this.sessions.contains(request.sessionId())) {
			throw new AcpException(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found",
					Map.of("sessionId", request.sessionId()));
		}
		context.client().agentMessageChunk(request.sessionId(), request.text().toUpperCase());
		return new PromptResponse(StopReason.END_TURN);
	}

}

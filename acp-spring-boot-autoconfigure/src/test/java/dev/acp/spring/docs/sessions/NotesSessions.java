package dev.acp.spring.docs.sessions;

import dev.acp.spring.agent.AcpSessions;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.LoadSessionRequest;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.session.AcpSession;

import org.springframework.stereotype.Component;

@Component
class NotesSessions {

	private final AcpSessions sessions;

	NotesSessions(AcpSessions sessions) {
		this.sessions = sessions;
	}

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpSession session, AcpRequestContext context) {
		Object turns = session.getAttribute("turns");
		session.setAttribute("turns", (turns instanceof Number n) ? n.intValue() + 1 : 1);
		context.client().agentMessageChunk(session.id(), "Noted in " + session.cwd());
		return new PromptResponse(StopReason.END_TURN);
	}

	@AcpMethod("session/load") // yours wins over the starter's
	LoadSessionResponse load(LoadSessionRequest request, AcpRequestContext context) {
		// restore what only you keep, then send the recorded history
		this.sessions.replay(context);
		return new LoadSessionResponse();
	}

}

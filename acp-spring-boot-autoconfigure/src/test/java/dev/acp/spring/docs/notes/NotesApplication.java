package dev.acp.spring.docs.notes;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.LoadSessionRequest;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PermissionOptionKind;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.stereotype.Component;

// docs/programming-model.md "A complete small agent" is copied from this file (DocsSnippetsTests holds
// them together); ReadmeAgentTests drives it end to end
@SpringBootApplication
public class NotesApplication {

	public static void main(String[] args) {
		SpringApplication.run(NotesApplication.class, args);
	}

}

@Component
@AcpExtension(value = "notes.example", version = "1.0")
class NotesAgent {

	private final Map<String, List<String>> notes = new ConcurrentHashMap<>();

	@AcpMethod("session/new")
	NewSessionResponse newSession(NewSessionRequest request) {
		String sessionId = "sess_" + UUID.randomUUID();
		this.notes.put(sessionId, new CopyOnWriteArrayList<>());
		return new NewSessionResponse(sessionId);
	}

	@AcpMethod("session/load") // advertises loadSession: true
	LoadSessionResponse load(LoadSessionRequest request, AcpClient client) {
		for (String note : session(request.sessionId())) {
			client.userMessageChunk(request.sessionId(), note);
		}
		return new LoadSessionResponse();
	}

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
		String sessionId = request.sessionId();
		List<String> session = session(sessionId);
		AcpClient client = context.client();
		ToolCallUpdate save = new ToolCallUpdate("save-" + session.size()).withTitle("Save \"" + request.text() + "\"",
				ToolKind.EDIT);
		// blocks until the user answers; a session/cancel interrupts it and the
		// starter answers the turn with stopReason "cancelled"
		RequestPermissionOutcome outcome = client
			.requestPermission(
					new RequestPermissionRequest(sessionId, save,
							List.of(new PermissionOption("save", "Save", PermissionOptionKind.ALLOW_ONCE),
									new PermissionOption("skip", "Skip", PermissionOptionKind.REJECT_ONCE))))
			.get()
			.outcome();
		if (outcome instanceof RequestPermissionOutcome.Selected selected && selected.optionId().equals("save")) {
			session.add(request.text());
			client.toolCallUpdate(sessionId, save.withStatus(ToolCallStatus.COMPLETED));
			client.agentMessageChunk(sessionId, "Saved. " + session.size() + " note(s).");
		}
		return new PromptResponse(StopReason.END_TURN);
	}

	@AcpMethod("_notes.example/count")
	Map<String, Integer> count(CountParams params) {
		return Map.of("count", session(params.sessionId()).size());
	}

	private List<String> session(String sessionId) {
		List<String> session = this.notes.get(sessionId);
		if (session == null) {
			throw new AcpException(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found",
					Map.of("sessionId", sessionId));
		}
		return session;
	}

	record CountParams(String sessionId) {
	}

}

package dev.acp.spring.docs.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;

// docs/programming-model.md "Calling the client": the snippet is copied from this file (DocsSnippetsTests
// holds them together)
class PermissionTurn {

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest prompt, AcpClient client) throws ExecutionException {
		String sessionId = prompt.sessionId();
		RequestPermissionRequest request = RequestPermissionRequest.allowOrReject(sessionId,
				ToolCallUpdate.builder("run-1").title("Run the tests").kind(ToolKind.EXECUTE).build());
		CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(request);
		try {
			if (answer.get().outcome() instanceof RequestPermissionOutcome.Selected selected) {
				client.agentMessageChunk(sessionId, "You chose " + selected.optionId());
			}
		}
		catch (InterruptedException ex) {
			answer.cancel(true); // sends $/cancel_request
		}
		return new PromptResponse(StopReason.END_TURN);
	}

}

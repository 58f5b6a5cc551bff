package dev.acp.spring.docs.records;

import java.util.List;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.PlanEntry;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallLocation;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;

// docs/programming-model.md "Building protocol values": the snippet is copied from this file (DocsSnippetsTests
// holds them together)
class ToolCallTurn {

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest prompt, AcpRequestContext context) throws Exception {
		String sessionId = prompt.sessionId();
		AcpClient client = context.client();
		AcpConnection connection = context.connection();
		client.plan(sessionId, List.of(PlanEntry.inProgress("Read the build file"), PlanEntry.pending("Fix it")));
		SessionUpdate.ToolCall read = SessionUpdate.ToolCall.builder("read-1", "Read pom.xml")
			.kind(ToolKind.READ)
			.locations(ToolCallLocation.of("/project/pom.xml"))
			.build();
		client.toolCall(sessionId, read);
		if (connection.canReadFiles()) {
			String text = client.readTextFile(new ReadTextFileRequest(sessionId, "/project/pom.xml")).get().content();
			// read.update(): an update of that call (its id only), then what changed
			client.toolCallUpdate(sessionId, read.update().withStatus(ToolCallStatus.COMPLETED).withText(text));
		}
		else {
			client.toolCallUpdate(sessionId,
					ToolCallUpdate.builder("read-1")
						.status(ToolCallStatus.FAILED)
						.text("The editor reads no files")
						.build());
		}
		return new PromptResponse(StopReason.END_TURN);
	}

}

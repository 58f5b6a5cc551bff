package dev.acp.demo;

import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;

/**
 * The {@code workspace} prompt: everything an agent asks of its client in one turn. It
 * reads {@code README.md} of the session's directory ({@code fs/read_text_file}), asks
 * permission to write {@code NOTES.md}, and when allowed writes it
 * ({@code fs/write_text_file}) and lists the directory in a terminal
 * ({@code terminal/*}), reporting what it saw.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class WorkspaceTurn {

	private static final long WAIT_SECONDS = 30;

	private WorkspaceTurn() {
	}

	static PromptResponse run(String sessionId, String cwd, AcpRequestContext context) throws Exception {
		AcpConnection connection = context.connection();
		AcpClient client = context.client();
		if (!connection.canReadFiles() || !connection.canWriteFiles() || !connection.canRunTerminals()) {
			client.agentMessageChunk(sessionId, "The workspace prompt needs a client serving fs and terminal.");
			return new PromptResponse(StopReason.END_TURN);
		}
		String readme = client.readTextFile(new ReadTextFileRequest(sessionId, cwd + "/README.md"))
			.get(WAIT_SECONDS, TimeUnit.SECONDS)
			.content();
		int lines = readme.split("\n", -1).length - (readme.endsWith("\n") ? 1 : 0);
		String toolCallId = "notes";
		RequestPermissionRequest ask = RequestPermissionRequest.of(sessionId,
				ToolCallUpdate.builder(toolCallId)
					.title("Write NOTES.md")
					.kind(ToolKind.EDIT)
					.status(ToolCallStatus.PENDING)
					.build(),
				PermissionOption.allowOnce(DemoSessions.ALLOW, "Allow"),
				PermissionOption.rejectOnce(DemoSessions.REJECT, "Reject"));
		RequestPermissionOutcome outcome = client.requestPermission(ask).get().outcome();
		if (!(outcome instanceof RequestPermissionOutcome.Selected selected)
				|| !DemoSessions.ALLOW.equals(selected.optionId())) {
			client.agentMessageChunk(sessionId, "README.md has " + lines + " lines; NOTES.md was not written.");
			return new PromptResponse(StopReason.END_TURN);
		}
		client
			.writeTextFile(
					new WriteTextFileRequest(sessionId, cwd + "/NOTES.md", "README.md has " + lines + " lines\n"))
			.get(WAIT_SECONDS, TimeUnit.SECONDS);
		String terminalId = client
			.createTerminal(new CreateTerminalRequest(sessionId, "ls", List.of(), null, null, 4096L, null, null))
			.get(WAIT_SECONDS, TimeUnit.SECONDS)
			.terminalId();
		WaitForTerminalExitResponse exit = client
			.waitForTerminalExit(new WaitForTerminalExitRequest(sessionId, terminalId))
			.get(WAIT_SECONDS, TimeUnit.SECONDS);
		String listing = client.terminalOutput(new TerminalOutputRequest(sessionId, terminalId))
			.get(WAIT_SECONDS, TimeUnit.SECONDS)
			.output();
		client.releaseTerminal(new ReleaseTerminalRequest(sessionId, terminalId)).get(WAIT_SECONDS, TimeUnit.SECONDS);
		client.agentMessageChunk(sessionId, "README.md has " + lines + " lines; wrote NOTES.md; ls exited "
				+ exit.exitCode() + " listing: " + listing.trim().replace('\n', ' '));
		return new PromptResponse(StopReason.END_TURN);
	}

}

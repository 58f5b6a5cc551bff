package dev.acp.spring.docs.client;

import java.nio.file.Path;
import java.util.Set;

import dev.acp.spring.client.AcpAgentSession;
import dev.acp.spring.client.AcpPermissionPolicy;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;

import org.springframework.stereotype.Component;

@Component
class WorkspacePolicy implements AcpPermissionPolicy {

	private static final Set<String> COMMANDS = Set.of("git", "mvn");

	@Override
	public RequestPermissionResponse decide(RequestPermissionRequest request, AcpAgentSession session) {
		return AcpPermissionPolicy.REJECT.decide(request, session);
	}

	@Override
	public boolean allowsWrite(WriteTextFileRequest request, AcpAgentSession session) {
		return Path.of(request.path()).normalize().startsWith(session.cwd().resolve("src"));
	}

	@Override
	public boolean allowsCommand(CreateTerminalRequest request, AcpAgentSession session) {
		return COMMANDS.contains(request.command());
	}

}

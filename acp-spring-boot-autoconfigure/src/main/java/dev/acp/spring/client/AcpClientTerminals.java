package dev.acp.spring.client;

import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;

/**
 * Serves the {@code terminal/*} calls of agents. Declare a bean to replace the default,
 * {@link #processes()}. A client creates one instance per connection through
 * {@link Factory}, so that what a connection started ends with it.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpClientTerminals {

	CreateTerminalResponse create(CreateTerminalRequest request, AcpAgentSession session);

	TerminalOutputResponse output(TerminalOutputRequest request);

	/**
	 * Wait for the command to exit. Runs on a handler thread, interrupted when the agent
	 * cancels the call.
	 * @param request the request
	 * @return the exit status
	 */
	WaitForTerminalExitResponse waitForExit(WaitForTerminalExitRequest request);

	void kill(KillTerminalRequest request);

	void release(ReleaseTerminalRequest request);

	/**
	 * Kill and release every terminal of a session (the session or its connection
	 * closed).
	 * @param sessionId the session
	 */
	void releaseSession(String sessionId);

	/**
	 * Kill and release every terminal (the connection closed).
	 */
	void releaseAll();

	/**
	 * Real processes, started in the working directory of the session (a terminal's own
	 * {@code cwd} must lie inside it), their output bounded by {@code outputByteLimit} (1
	 * MiB when not given), killed with their session.
	 * @return a factory of terminals
	 */
	static Factory processes() {
		return ProcessTerminals::new;
	}

	/**
	 * Creates the terminals of one connection.
	 */
	@FunctionalInterface
	interface Factory {

		AcpClientTerminals create();

	}

}

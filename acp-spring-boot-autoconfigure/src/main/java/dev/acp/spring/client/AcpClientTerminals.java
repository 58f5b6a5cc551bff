package dev.acp.spring.client;

import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;

import org.springframework.util.Assert;

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
	 * Real processes with the {@link Settings#DEFAULTS default settings}.
	 * @return a factory of terminals
	 * @see #processes(Settings)
	 */
	static Factory processes() {
		return processes(Settings.DEFAULTS);
	}

	/**
	 * Real processes, started in the working directory of the session (a terminal's own
	 * {@code cwd} must lie inside it), the command run as given with its {@code args}
	 * (never through a shell unless {@link Settings#shell()}), their output bounded by
	 * {@code outputByteLimit} capped by {@link Settings#maxOutputBytes()}, at most
	 * {@link Settings#maxTerminals()} at a time per connection (more answered -32001),
	 * killed with their session.
	 * @param settings the client's own bounds
	 * @return a factory of terminals
	 */
	static Factory processes(Settings settings) {
		return () -> new ProcessTerminals(settings);
	}

	/**
	 * The client's own bounds of its terminals, whatever the agent asks.
	 *
	 * @param maxOutputBytes the most output kept per terminal, in bytes (the agent's
	 * {@code outputByteLimit} is capped by it, and used when the agent gives none)
	 * @param maxTerminals the most terminals of one connection at a time (released ones
	 * do not count)
	 * @param shell whether a command without {@code args} that contains whitespace runs
	 * through {@code /bin/sh -c} ({@code cmd.exe /c} on Windows) rather than as the name
	 * of an executable
	 */
	record Settings(long maxOutputBytes, int maxTerminals, boolean shell) {

		/** 1 MiB of output per terminal, 16 terminals, no shell. */
		public static final Settings DEFAULTS = new Settings(1024 * 1024, 16, false);

		public Settings {
			Assert.isTrue(maxOutputBytes > 0, "The bound of a terminal's output must be positive");
			Assert.isTrue(maxTerminals > 0, "The number of terminals must be positive");
		}

	}

	/**
	 * Creates the terminals of one connection.
	 */
	@FunctionalInterface
	interface Factory {

		AcpClientTerminals create();

	}

}

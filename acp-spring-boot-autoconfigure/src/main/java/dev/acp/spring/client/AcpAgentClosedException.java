package dev.acp.spring.client;

import org.jspecify.annotations.Nullable;

/**
 * The connection to an agent is closed (the agent exited, crashed, or closed its socket,
 * or the client was closed): the calls waiting for an answer fail with it at once.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpAgentClosedException extends AcpAgentClientException {

	private final String agent;

	private final @Nullable Integer exitCode;

	public AcpAgentClosedException(String agent, @Nullable Integer exitCode) {
		super("The connection to agent '" + agent + "' is closed"
				+ ((exitCode != null) ? " (the agent exited with code " + exitCode + ")" : ""));
		this.agent = agent;
		this.exitCode = exitCode;
	}

	/**
	 * The name of the agent.
	 * @return the name
	 */
	public String getAgent() {
		return this.agent;
	}

	/**
	 * The exit code of a spawned agent that exited.
	 * @return the exit code, or {@code null} when not known (a remote agent, or one still
	 * running)
	 */
	public @Nullable Integer getExitCode() {
		return this.exitCode;
	}

}

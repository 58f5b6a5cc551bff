package dev.acp.spring.client;

/**
 * The agent answered {@code initialize} with a protocol version this client did not ask
 * for (one above the version asked, or below 1); the connection is closed.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpProtocolVersionException extends AcpAgentClientException {

	private final int agentVersion;

	public AcpProtocolVersionException(String agent, int agentVersion, int clientVersion) {
		super("Agent '" + agent + "' speaks ACP protocol version " + agentVersion + "; this client asked for version "
				+ clientVersion + ((clientVersion > 1) ? " (and speaks 1 to " + clientVersion + ")" : " only"));
		this.agentVersion = agentVersion;
	}

	/**
	 * The version the agent answered.
	 * @return the version
	 */
	public int getAgentVersion() {
		return this.agentVersion;
	}

}

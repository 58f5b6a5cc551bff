package dev.acp.spring.client;

/**
 * The agent answered {@code initialize} with a protocol version this client does not
 * speak; the connection is closed.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpProtocolVersionException extends AcpAgentClientException {

	private final int agentVersion;

	public AcpProtocolVersionException(String agent, int agentVersion, int clientVersion) {
		super("Agent '" + agent + "' speaks ACP protocol version " + agentVersion + "; this client speaks version "
				+ clientVersion + " only");
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

package dev.acp.spring.client;

/**
 * A call needs a capability the agent did not advertise in its {@code initialize} answer
 * (for example an extension namespace in {@code agentCapabilities._meta}, or
 * {@code loadSession}): check the capabilities first.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpAgentCapabilityException extends AcpAgentClientException {

	private final String capability;

	public AcpAgentCapabilityException(String agent, String capability, String method) {
		super("Agent '" + agent + "' does not advertise '" + capability + "', which '" + method
				+ "' needs; check its capabilities first");
		this.capability = capability;
	}

	/**
	 * The capability missing, such as {@code _meta.example.com/analytics}.
	 * @return the capability
	 */
	public String getCapability() {
		return this.capability;
	}

}

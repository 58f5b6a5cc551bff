package dev.acp.spring.method;

/**
 * Thrown, before anything is sent, when calling a client method whose capability the
 * client did not advertise in {@code initialize} (for example {@code fs/read_text_file}
 * without {@code clientCapabilities.fs.readTextFile}, or an extension method without its
 * namespace in {@code clientCapabilities._meta}).
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpClientCapabilityException extends IllegalStateException {

	private final String capability;

	public AcpClientCapabilityException(String capability, String method) {
		super("The client did not advertise clientCapabilities." + capability + ", so '" + method
				+ "' was not sent: check AcpConnection.clientCapabilities() first");
		this.capability = capability;
	}

	/**
	 * The missing capability, such as {@code fs.readTextFile} or {@code _meta.zed.dev}.
	 * @return the capability path
	 */
	public String getCapability() {
		return this.capability;
	}

}

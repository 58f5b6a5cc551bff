package dev.acp.spring.method;

/**
 * Thrown when calling a client extension method the client did not advertise.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpExtensionNotSupportedException extends IllegalStateException {

	private final String namespace;

	public AcpExtensionNotSupportedException(String namespace, String method) {
		super("The client did not advertise extension '" + namespace + "' in clientCapabilities._meta, so '" + method
				+ "' was not sent: check AcpClient.supportsExtension first");
		this.namespace = namespace;
	}

	public String getNamespace() {
		return this.namespace;
	}

}

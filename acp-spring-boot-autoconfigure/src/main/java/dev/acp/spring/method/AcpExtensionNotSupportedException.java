package dev.acp.spring.method;

/**
 * Thrown when calling a client extension method whose namespace the client did not
 * advertise in {@code clientCapabilities._meta}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpExtensionNotSupportedException extends AcpClientCapabilityException {

	private final String namespace;

	public AcpExtensionNotSupportedException(String namespace, String method) {
		super("_meta." + namespace, method);
		this.namespace = namespace;
	}

	public String getNamespace() {
		return this.namespace;
	}

}

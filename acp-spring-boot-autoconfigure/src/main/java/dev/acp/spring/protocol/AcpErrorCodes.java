package dev.acp.spring.protocol;

/**
 * ACP error codes beyond the JSON-RPC ones.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpErrorCodes {

	/** Authentication is required before this method. */
	public static final int AUTH_REQUIRED = -32000;

	/** A referenced resource (a session, a file) does not exist. */
	public static final int RESOURCE_NOT_FOUND = -32002;

	private AcpErrorCodes() {
	}

}

package dev.acp.spring.method;

import java.util.Map;

import dev.acp.spring.protocol.AcpErrorCodes;

/**
 * Answers ACP's -32002 {@code Resource not found} for a session: the call names a session
 * that does not exist, or that this connection does not serve. Its {@code data} names the
 * session and says which.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpSessionNotFoundException extends AcpException {

	private final String sessionId;

	/**
	 * Create the exception.
	 * @param sessionId the session's id
	 * @param detail what is missing, for the client (for example "no session of this id
	 * is open on this connection")
	 */
	public AcpSessionNotFoundException(String sessionId, String detail) {
		super(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found", Map.of("sessionId", sessionId, "detail", detail));
		this.sessionId = sessionId;
	}

	public String getSessionId() {
		return this.sessionId;
	}

}

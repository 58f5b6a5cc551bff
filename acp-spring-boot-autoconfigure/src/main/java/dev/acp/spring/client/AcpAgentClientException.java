package dev.acp.spring.client;

/**
 * A call to an agent could not be made or did not succeed.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpAgentClientException extends RuntimeException {

	public AcpAgentClientException(String message) {
		super(message);
	}

	public AcpAgentClientException(String message, Throwable cause) {
		super(message, cause);
	}

}

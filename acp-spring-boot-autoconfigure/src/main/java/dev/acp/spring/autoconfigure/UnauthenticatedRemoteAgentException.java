package dev.acp.spring.autoconfigure;

/**
 * Thrown at start-up when a remote transport would serve anyone who reaches its port
 * without authentication (see {@link UnauthenticatedRemoteAgentGuard}).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class UnauthenticatedRemoteAgentException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String exposure;

	private final String action;

	UnauthenticatedRemoteAgentException(String exposure, String action) {
		super(exposure + " " + action);
		this.exposure = exposure;
		this.action = action;
	}

	/**
	 * What would be served, and where.
	 * @return the description
	 */
	String exposure() {
		return this.exposure;
	}

	/**
	 * What to set instead.
	 * @return the action
	 */
	String action() {
		return this.action;
	}

}

package dev.acp.spring.method.support;

/**
 * What a handler method serves.
 *
 * @author ACP Spring Boot Starter contributors
 */
public enum AcpHandlerKind {

	/** A request, answered with a result or an error. */
	REQUEST,

	/** A notification, never answered. */
	NOTIFICATION

}

package dev.acp.spring.agent;

import java.util.List;

import dev.acp.spring.protocol.AuthMethod;

/**
 * The authentication an agent asks of its clients: the methods advertised in the
 * {@code initialize} answer, and whether every call but {@code initialize} and
 * {@code authenticate} needs a successful {@code authenticate} on its connection first
 * (answered -32000 otherwise, extension methods included).
 *
 * @param methods the advertised methods, in order
 * @param required whether calls need a successful {@code authenticate} first
 * @author ACP Spring Boot Starter contributors
 */
public record AcpAuthentication(List<AuthMethod> methods, boolean required) {

	/** No authentication. */
	public static final AcpAuthentication NONE = new AcpAuthentication(List.of(), false);

	public AcpAuthentication {
		methods = (methods != null) ? List.copyOf(methods) : List.of();
	}

}

package dev.acp.spring.agent.support;

import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

import dev.acp.spring.method.support.ParamsBinding;

/**
 * The protocol versions an agent serves, and the one a connection gets: the highest
 * served at or below the version its {@code initialize} asks for.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ProtocolNegotiation {

	static final ProtocolNegotiation V1_ONLY = new ProtocolNegotiation(List.of(1));

	private final TreeSet<Integer> served;

	ProtocolNegotiation(Collection<Integer> versions) {
		if (versions.isEmpty()) {
			throw new IllegalArgumentException("At least one protocol version must be served");
		}
		for (Integer version : versions) {
			if (version == null || version < 1 || version > 2) {
				throw new IllegalArgumentException(
						"Protocol version " + version + " is not one this agent can serve (1 and 2 are)");
			}
		}
		this.served = new TreeSet<>(versions);
	}

	/**
	 * A new edition for a connection whose {@code initialize} asks for a version.
	 * @param asked the version asked
	 * @return the edition
	 * @throws dev.acp.spring.method.AcpException -32602 when every served version is
	 * newer than the one asked
	 */
	ProtocolEdition negotiate(int asked) {
		Integer version = this.served.floor(asked);
		if (version == null) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("protocolVersion",
					"must be at least " + this.served.first() + ", the oldest version served")));
		}
		return (version == 2) ? new V2Edition() : V1Edition.INSTANCE;
	}

}

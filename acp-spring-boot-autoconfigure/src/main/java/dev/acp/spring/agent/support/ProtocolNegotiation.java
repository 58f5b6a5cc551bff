package dev.acp.spring.agent.support;

import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * The protocol versions an agent serves, and the one a connection gets: the highest
 * served at or below the version its {@code initialize} asks for, else the newest served.
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
	 * A new edition for a connection whose {@code initialize} asks for a version: the
	 * highest served at or below it, or the newest served when every served one is newer
	 * (the client then decides whether to go on).
	 * @param asked the version asked
	 * @return the edition
	 */
	ProtocolEdition negotiate(int asked) {
		Integer floor = this.served.floor(asked);
		int version = (floor != null) ? floor : this.served.last();
		return (version == 2) ? new V2Edition() : V1Edition.INSTANCE;
	}

}

package dev.acp.spring.agent.support;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.NullMarked;

import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.session.AcpSessionStore;

/**
 * Replays a stored session's history to a connection of its owner, as the
 * {@code session/update}s it recorded, without recording them again. Histories are
 * recorded in v1's model; a history a v2 connection cannot be given without loss is
 * refused before anything is sent.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class HistoryReplay {

	private final AcpSessionStore store;

	private final OwnedSessions owned;

	HistoryReplay(AcpSessionStore store, OwnedSessions owned) {
		this.store = store;
		this.owned = owned;
	}

	/**
	 * Replay the session's history to the connection.
	 * @throws dev.acp.spring.method.AcpSessionNotFoundException when the store has no
	 * session of this id for the connection's owner
	 */
	void replay(String sessionId, DefaultAcpConnection connection) {
		this.owned.require(sessionId, connection);
		if (connection.edition().version() != 1) {
			requireExpressible(sessionId, connection.edition());
		}
		this.store.replay(sessionId, (update) -> connection.sendUnrecorded(AcpMethods.SESSION_UPDATE,
				new SessionNotification(sessionId, update)));
	}

	/**
	 * Before a replay in another version than the one histories are recorded in: a
	 * history holding an update that version cannot express without loss is refused
	 * (-32602 naming the update), before anything is sent.
	 */
	private void requireExpressible(String sessionId, ProtocolEdition edition) {
		Set<String> lost = new LinkedHashSet<>();
		this.store.replay(sessionId, (update) -> {
			String why = edition.inexpressible(update);
			if (why != null) {
				lost.add(why);
			}
		});
		if (!lost.isEmpty()) {
			throw ParamsBinding.invalidParams(
					List.of(ParamsBinding.fieldError("sessionId", "its history holds updates protocol version "
							+ edition.version() + " cannot express without loss: " + String.join(", ", lost))));
		}
	}

}

package dev.acp.spring.agent.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.NullMarked;

import dev.acp.spring.method.AcpException;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionStore;

/**
 * The claims of stored sessions this instance holds: taken for a turn or while a session
 * is loaded, resumed or deleted, renewed while turns run, released when no turn needs
 * them.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class SessionClaims {

	/**
	 * Logs under {@link DefaultAcpSessions}: one category for all of session keeping.
	 */
	private static final Log logger = LogFactory.getLog(DefaultAcpSessions.class);

	private final AcpSessionStore store;

	private final OwnedSessions owned;

	private final Duration claimDuration;

	private final Clock clock;

	private final Map<DefaultAcpSession, DefaultAcpConnection> turns = new ConcurrentHashMap<>();

	SessionClaims(AcpSessionStore store, OwnedSessions owned, Duration claimDuration, Clock clock) {
		this.store = store;
		this.owned = owned;
		this.claimDuration = claimDuration;
		this.clock = clock;
	}

	/**
	 * Claim a stored session for this connection while it is loaded, resumed or deleted.
	 * @return the session stored
	 * @throws dev.acp.spring.method.AcpSessionNotFoundException when the store has none
	 * for the connection's owner
	 * @throws AcpException -32001 when a turn of the session runs on another connection
	 */
	AcpSessionData claimStored(String sessionId, DefaultAcpConnection connection) {
		AcpSessionData data = this.owned.require(sessionId, connection);
		claim(sessionId, connection);
		return data;
	}

	/**
	 * Claim a session for this connection.
	 * @throws AcpException -32001 when a turn of the session runs on another connection
	 */
	void claim(String sessionId, DefaultAcpConnection connection) {
		if (!this.store.claim(sessionId, connection.sessionOwner(), claimUntil())) {
			throw busy(sessionId);
		}
	}

	/**
	 * Claim the session for a turn on this connection, held until {@link #turnEnded}.
	 * @throws AcpException -32001 when a turn of the session runs on another connection
	 */
	void claimForTurn(DefaultAcpConnection connection, DefaultAcpSession session) {
		synchronized (connection.claimLock()) {
			claimTurn(connection, session);
			this.turns.put(session, connection);
		}
	}

	private void claimTurn(DefaultAcpConnection connection, DefaultAcpSession session) {
		String owner = connection.sessionOwner();
		if (this.store.claim(session.id(), owner, claimUntil())) {
			return;
		}
		if (this.store.find(session.id()) != null) {
			throw busy(session.id());
		}
		if (!this.store.evicted(session.id())) {
			// Deleted, on this instance or another: it stays deleted.
			connection.sessionClosed(session.id());
			throw OwnedSessions.notStored(session.id());
		}
		// Evicted from the store while this connection served it: keep it again.
		this.store.save(session.data(this.clock.instant()));
		if (!this.store.claim(session.id(), owner, claimUntil())) {
			throw busy(session.id());
		}
	}

	/**
	 * The turn of the session on this connection ended: its claim is no longer renewed.
	 */
	void turnEnded(DefaultAcpConnection connection, DefaultAcpSession session) {
		this.turns.remove(session, connection);
	}

	/**
	 * Renew the claims of the turns running now.
	 */
	void renew() {
		this.turns.forEach((session, connection) -> {
			try {
				this.store.claim(session.id(), connection.sessionOwner(), claimUntil());
			}
			catch (RuntimeException ex) {
				logger.warn("Could not renew the claim of session '" + session.id() + "'", ex);
			}
		});
	}

	/**
	 * How often {@link #renew()} should run.
	 * @return a third of the claim duration
	 */
	Duration renewalPeriod() {
		return this.claimDuration.dividedBy(3);
	}

	/**
	 * Release the connection's claim of a session, unless a turn of the session runs on
	 * the connection: a claim lives as long as its turn, whatever the connection loads,
	 * resumes or closes meanwhile.
	 */
	void releaseUnlessTurn(String sessionId, DefaultAcpConnection connection) {
		synchronized (connection.claimLock()) {
			if (!turnRuns(sessionId, connection)) {
				this.store.release(sessionId, connection.sessionOwner());
			}
		}
	}

	private boolean turnRuns(String sessionId, DefaultAcpConnection connection) {
		for (Map.Entry<DefaultAcpSession, DefaultAcpConnection> turn : this.turns.entrySet()) {
			if (turn.getValue() == connection && turn.getKey().id().equals(sessionId)) {
				return true;
			}
		}
		return false;
	}

	private Instant claimUntil() {
		return this.clock.instant().plus(this.claimDuration);
	}

	private static AcpException busy(String sessionId) {
		return new AcpException(DefaultAcpSessions.SESSION_BUSY, "Session busy", Map.of("sessionId", sessionId,
				"detail",
				"session " + sessionId + " is busy on another connection: a turn runs there; try again when it ends"));
	}

}

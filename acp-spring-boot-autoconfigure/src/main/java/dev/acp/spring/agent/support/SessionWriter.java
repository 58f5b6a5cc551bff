package dev.acp.spring.agent.support;

import java.time.Clock;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.NullMarked;

import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionStore;

/**
 * Writes what a session recorded (appended to its history) and changed (applied to what
 * the store has now) to the store.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class SessionWriter {

	/**
	 * Logs under {@link DefaultAcpSessions}: one category for all of session keeping.
	 */
	private static final Log logger = LogFactory.getLog(DefaultAcpSessions.class);

	/**
	 * How often a session's changes are applied again to what the store has, when it
	 * changed there between the read and the write.
	 */
	private static final int MAX_WRITE_ATTEMPTS = 16;

	/**
	 * The most estimated bytes of recorded updates a turn holds in memory before they are
	 * written in the middle of the turn, whatever the batch size: 16 MiB.
	 */
	static final long BATCH_MAX_SIZE = 16L * 1024 * 1024;

	/**
	 * How many batches of updates a session holds while its writes fail; past them the
	 * oldest unwritten updates are dropped (and logged).
	 */
	static final int HELD_BATCHES = 2;

	private final AcpSessionStore store;

	private final int batchSize;

	private final Clock clock;

	SessionWriter(AcpSessionStore store, int batchSize, Clock clock) {
		this.store = store;
		this.batchSize = batchSize;
		this.clock = clock;
	}

	/**
	 * The most recorded updates held in memory before they are written in the middle of a
	 * turn.
	 */
	int batchSize() {
		return this.batchSize;
	}

	/**
	 * Write what the session recorded and changed.
	 */
	void persist(DefaultAcpSession session) {
		flush(session);
		saveChanges(session);
	}

	/**
	 * Write the session's changes onto what the store has now, so that the changes of
	 * another connection serving it are kept; a session deleted meanwhile (by another
	 * connection) is not created again, one the store evicted is.
	 */
	void saveChanges(DefaultAcpSession session) {
		if (!session.isChanged()) {
			return;
		}
		for (int attempt = 1;; attempt++) {
			AcpSessionData stored = this.store.find(session.id());
			if (stored == null) {
				if (this.store.evicted(session.id())) {
					this.store.save(session.data(this.clock.instant()));
				}
				return;
			}
			long mark = session.changeMark();
			AcpSessionData changed = session.changesOn(stored, this.clock.instant());
			if (this.store.replace(stored, changed)) {
				session.written(changed, mark);
				return;
			}
			if (attempt == MAX_WRITE_ATTEMPTS) {
				logger.warn("Session '" + session.id() + "' changed in the store under each of " + attempt
						+ " writes; its changes are written again with its next change");
				return;
			}
		}
	}

	/**
	 * Append what the session recorded to its history in one write; when the write fails,
	 * hold the batch for the next one (at most {@link #HELD_BATCHES} batches).
	 */
	void flush(DefaultAcpSession session) {
		synchronized (session.flushLock()) {
			List<SessionUpdate> batch = session.drain();
			if (batch.isEmpty()) {
				return;
			}
			try {
				this.store.append(session.id(), batch);
			}
			catch (RuntimeException ex) {
				int lost = session.keep(batch, HELD_BATCHES * this.batchSize, HELD_BATCHES * BATCH_MAX_SIZE);
				if (lost > 0) {
					logger.warn("Session '" + session.id() + "' lost its " + lost + " oldest unwritten updates:"
							+ " its history writes fail and it holds at most " + HELD_BATCHES + " batches");
				}
				throw ex;
			}
		}
	}

}

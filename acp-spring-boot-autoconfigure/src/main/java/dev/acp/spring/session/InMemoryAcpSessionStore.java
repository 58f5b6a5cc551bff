package dev.acp.spring.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import dev.acp.spring.protocol.HistorySize;
import dev.acp.spring.protocol.SessionUpdate;

/**
 * An {@link AcpSessionStore} in this process's memory: bounded in sessions, in history
 * entries and bytes per session (the oldest entries are dropped first), and in history
 * bytes in all (past it the least recently used sessions no turn holds are evicted, then
 * the oldest entries of the session written). A history entry's bytes are estimated
 * without serializing it: the UTF-8 length of the strings it holds plus a constant per
 * entry and per other value. Sessions idle (neither written nor read) for longer than the
 * idle timeout are forgotten. When a new session would exceed the bound, idle sessions go
 * first, then the least recently used ones that no turn holds. A connection still serving
 * an evicted session keeps it again; a deleted one stays deleted. Everything is lost when
 * the process ends. List cursors are signed with a random key of this store, so no other
 * store accepts them.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class InMemoryAcpSessionStore implements AcpSessionStore {

	/**
	 * The most history bytes kept per session unless configured: 16 MiB.
	 */
	public static final long DEFAULT_MAX_HISTORY_SIZE = 16L * 1024 * 1024;

	/**
	 * The most history bytes kept in all unless configured: 64 MiB.
	 */
	public static final long DEFAULT_MAX_SIZE = 64L * 1024 * 1024;

	private static final Comparator<AcpSessionData> MOST_RECENT_FIRST = Comparator.comparing(AcpSessionData::updatedAt)
		.reversed()
		.thenComparing(AcpSessionData::sessionId);

	private final Map<String, Entry> sessions = new ConcurrentHashMap<>();

	private final int maxSessions;

	private final EvictedSessionIds evicted;

	private final int maxHistory;

	private final long maxHistorySize;

	private final long maxSize;

	private final AtomicLong historySize = new AtomicLong();

	private final Duration idleTimeout;

	private final Clock clock;

	private final AcpSessionCursors cursors;

	/**
	 * Create a store.
	 * @param maxSessions the most sessions kept
	 * @param maxHistory the most history entries kept per session
	 * @param idleTimeout how long a session neither written nor read is kept
	 */
	public InMemoryAcpSessionStore(int maxSessions, int maxHistory, Duration idleTimeout) {
		this(maxSessions, maxHistory, idleTimeout, Clock.systemUTC());
	}

	/**
	 * Create a store with a clock of its own.
	 * @param maxSessions the most sessions kept
	 * @param maxHistory the most history entries kept per session
	 * @param idleTimeout how long a session neither written nor read is kept
	 * @param clock the clock
	 */
	public InMemoryAcpSessionStore(int maxSessions, int maxHistory, Duration idleTimeout, Clock clock) {
		this(maxSessions, maxHistory, DEFAULT_MAX_HISTORY_SIZE, DEFAULT_MAX_SIZE, idleTimeout, clock);
	}

	/**
	 * Create a store bounded in history bytes too.
	 * @param maxSessions the most sessions kept
	 * @param maxHistory the most history entries kept per session
	 * @param maxHistorySize the most history bytes (estimated) kept per session
	 * @param maxSize the most history bytes (estimated) kept in all
	 * @param idleTimeout how long a session neither written nor read is kept
	 * @param clock the clock
	 */
	public InMemoryAcpSessionStore(int maxSessions, int maxHistory, long maxHistorySize, long maxSize,
			Duration idleTimeout, Clock clock) {
		this(maxSessions, maxHistory, maxHistorySize, maxSize, idleTimeout, clock, new EvictedSessionIds(maxSessions));
	}

	InMemoryAcpSessionStore(int maxSessions, int maxHistory, long maxHistorySize, long maxSize, Duration idleTimeout,
			Clock clock, EvictedSessionIds evicted) {
		this.evicted = evicted;
		if (maxSessions < 1 || maxHistory < 1) {
			throw new IllegalArgumentException("maxSessions and maxHistory must be positive");
		}
		if (maxHistorySize < 1 || maxSize < 1) {
			throw new IllegalArgumentException("maxHistorySize and maxSize must be positive");
		}
		this.maxHistorySize = maxHistorySize;
		this.maxSize = maxSize;
		if (idleTimeout.isZero() || idleTimeout.isNegative()) {
			throw new IllegalArgumentException("idleTimeout must be positive");
		}
		this.maxSessions = maxSessions;
		this.maxHistory = maxHistory;
		this.idleTimeout = idleTimeout;
		this.clock = Objects.requireNonNull(clock, "clock");
		byte[] cursorKey = AcpSessionCursors.newKey();
		this.cursors = new AcpSessionCursors(() -> cursorKey);
	}

	@Override
	public void save(AcpSessionData session) {
		Instant now = this.clock.instant();
		Entry[] created = new Entry[1];
		this.sessions.compute(session.sessionId(), (id, entry) -> {
			if (entry == null || entry.isIdle(now, this.idleTimeout)) {
				if (entry != null) {
					this.historySize.addAndGet(-entry.discard());
				}
				created[0] = new Entry(session, now);
				return created[0];
			}
			entry.update(session, now);
			return entry;
		});
		forgetEviction(session.sessionId());
		if (created[0] != null && this.sessions.size() > this.maxSessions) {
			evict(now, created[0]);
		}
	}

	private void evict(Instant now, Entry kept) {
		for (Entry entry : this.sessions.values()) {
			if (entry != kept && entry.isIdle(now, this.idleTimeout)) {
				evict(entry);
			}
		}
		while (this.sessions.size() > this.maxSessions) {
			Entry oldest = null;
			for (Entry entry : this.sessions.values()) {
				if (entry != kept && !entry.isClaimed(now)
						&& (oldest == null || entry.lastAccess().isBefore(oldest.lastAccess()))) {
					oldest = entry;
				}
			}
			if (oldest == null) {
				return;
			}
			evict(oldest);
		}
	}

	/**
	 * Evict a session: it is marked evicted before its removal is visible, so whoever no
	 * longer finds it sees the mark.
	 */
	private void evict(Entry entry) {
		String sessionId = entry.data().sessionId();
		boolean[] removed = new boolean[1];
		this.sessions.computeIfPresent(sessionId, (id, present) -> {
			if (present != entry) {
				return present;
			}
			this.evicted.add(id);
			removed[0] = true;
			return null;
		});
		if (removed[0]) {
			this.historySize.addAndGet(-entry.discard());
		}
	}

	private void forgetEviction(String sessionId) {
		this.evicted.remove(sessionId);
	}

	@Override
	public boolean evicted(String sessionId) {
		return this.evicted.contains(sessionId);
	}

	@Override
	public @Nullable AcpSessionData find(String sessionId) {
		Entry entry = live(sessionId);
		return (entry != null) ? entry.data() : null;
	}

	@Override
	public boolean replace(AcpSessionData expected, AcpSessionData session) {
		Entry entry = live(session.sessionId());
		return entry != null && entry.replace(expected, session, this.clock.instant());
	}

	@Override
	public void append(String sessionId, List<SessionUpdate> updates) {
		Entry entry = live(sessionId);
		if (entry != null && !updates.isEmpty()) {
			Instant now = this.clock.instant();
			this.historySize.addAndGet(entry.append(updates, this.maxHistory, this.maxHistorySize, now));
			if (this.historySize.get() > this.maxSize) {
				shrink(entry, now);
			}
		}
	}

	/**
	 * Past the total bound: evict the least recently used sessions with history that no
	 * turn holds, then drop the oldest entries of the session just written.
	 */
	private void shrink(Entry written, Instant now) {
		while (this.historySize.get() > this.maxSize) {
			Entry oldest = null;
			for (Entry entry : this.sessions.values()) {
				if (entry != written && entry.historySize() > 0 && !entry.isClaimed(now)
						&& (oldest == null || entry.lastAccess().isBefore(oldest.lastAccess()))) {
					oldest = entry;
				}
			}
			if (oldest == null) {
				break;
			}
			evict(oldest);
		}
		long excess = this.historySize.get() - this.maxSize;
		if (excess > 0) {
			this.historySize.addAndGet(-written.trim(excess));
		}
	}

	@Override
	public void replay(String sessionId, Consumer<SessionUpdate> consumer) {
		Entry entry = live(sessionId);
		if (entry != null) {
			entry.history().forEach(consumer);
		}
	}

	@Override
	public AcpSessionPage list(@Nullable String owner, @Nullable String cwd, @Nullable String cursor, int pageSize) {
		if (pageSize < 1) {
			throw new IllegalArgumentException("pageSize must be positive");
		}
		AcpSessionCursors.Position after = (cursor != null) ? this.cursors.decode(owner, cwd, cursor) : null;
		Instant now = this.clock.instant();
		List<AcpSessionData> matching = new ArrayList<>();
		for (Entry entry : this.sessions.values()) {
			AcpSessionData data = entry.data();
			if (!entry.isIdle(now, this.idleTimeout) && data.isOwnedBy(owner) && (cwd == null || cwd.equals(data.cwd()))
					&& (after == null || after.isBefore(data))) {
				matching.add(data);
			}
		}
		matching.sort(MOST_RECENT_FIRST);
		if (matching.size() <= pageSize) {
			return new AcpSessionPage(matching, null);
		}
		List<AcpSessionData> page = matching.subList(0, pageSize);
		AcpSessionData last = page.get(pageSize - 1);
		return new AcpSessionPage(page, this.cursors.encode(owner, cwd, last.updatedAt(), last.sessionId()));
	}

	@Override
	public boolean delete(String sessionId) {
		forgetEviction(sessionId);
		Entry removed = this.sessions.remove(sessionId);
		if (removed == null) {
			return false;
		}
		this.historySize.addAndGet(-removed.discard());
		return true;
	}

	@Override
	public boolean claim(String sessionId, String owner, Instant until) {
		Entry entry = live(sessionId);
		return entry != null && entry.claim(owner, until, this.clock.instant());
	}

	@Override
	public void release(String sessionId, String owner) {
		Entry entry = this.sessions.get(sessionId);
		if (entry != null) {
			entry.release(owner);
		}
	}

	/**
	 * The number of sessions kept now, idle ones included until they are evicted.
	 * @return the number
	 */
	public int size() {
		return this.sessions.size();
	}

	/**
	 * The history bytes (estimated) kept now, in all.
	 * @return the bytes
	 */
	public long historySize() {
		return this.historySize.get();
	}

	/**
	 * The history bytes (estimated) kept now for a session.
	 * @param sessionId the session's id
	 * @return the bytes, 0 when the store has no such session
	 */
	public long historySize(String sessionId) {
		Entry entry = this.sessions.get(sessionId);
		return (entry != null) ? entry.historySize() : 0;
	}

	private @Nullable Entry live(String sessionId) {
		Entry entry = this.sessions.get(sessionId);
		if (entry == null) {
			return null;
		}
		Instant now = this.clock.instant();
		if (entry.isIdle(now, this.idleTimeout)) {
			evict(entry);
			return null;
		}
		entry.touch(now);
		return entry;
	}

	/**
	 * One session: its data, history and claim. Guarded by its own monitor.
	 */
	private static final class Entry {

		private AcpSessionData data;

		private final ArrayDeque<Recorded> history = new ArrayDeque<>();

		private long historySize;

		private boolean discarded;

		private Instant lastAccess;

		private @Nullable String owner;

		private Instant claimedUntil = Instant.MIN;

		Entry(AcpSessionData data, Instant now) {
			this.data = data;
			this.lastAccess = now;
		}

		synchronized AcpSessionData data() {
			return this.data;
		}

		synchronized Instant lastAccess() {
			return this.lastAccess;
		}

		synchronized void touch(Instant now) {
			if (now.isAfter(this.lastAccess)) {
				this.lastAccess = now;
			}
		}

		synchronized boolean isIdle(Instant now, Duration idleTimeout) {
			return !isClaimed(now) && !this.lastAccess.plus(idleTimeout).isAfter(now);
		}

		synchronized boolean isClaimed(Instant now) {
			return this.owner != null && this.claimedUntil.isAfter(now);
		}

		// unchanged means the very instance find returned, not an equal one
		@SuppressWarnings("ReferenceEquality")
		synchronized boolean replace(AcpSessionData expected, AcpSessionData data, Instant now) {
			if (this.data != expected) {
				return false;
			}
			update(data, now);
			return true;
		}

		synchronized void update(AcpSessionData data, Instant now) {
			this.data = data;
			touch(now);
		}

		/**
		 * Append, dropping the oldest entries past the bounds.
		 * @return the change of this entry's history bytes
		 */
		synchronized long append(List<SessionUpdate> updates, int maxHistory, long maxHistorySize, Instant now) {
			if (this.discarded) {
				return 0;
			}
			long before = this.historySize;
			for (SessionUpdate update : updates) {
				Recorded recorded = new Recorded(update, HistorySize.of(update));
				this.history.addLast(recorded);
				this.historySize += recorded.size();
			}
			while (this.history.size() > maxHistory || this.historySize > maxHistorySize) {
				this.historySize -= this.history.removeFirst().size();
			}
			AcpSessionData current = this.data;
			Instant updatedAt = now.isAfter(current.updatedAt()) ? now : current.updatedAt();
			this.data = new AcpSessionData(current.sessionId(), current.cwd(), current.additionalDirectories(),
					current.mcpServers(), current.title(), current.currentModeId(), current.configOptions(),
					current.attributes(), current.createdAt(), updatedAt, current.owner());
			touch(now);
			return this.historySize - before;
		}

		/**
		 * Drop the oldest entries until at least {@code excess} bytes are freed or none
		 * is left.
		 * @return the bytes freed
		 */
		synchronized long trim(long excess) {
			long freed = 0;
			while (freed < excess && !this.history.isEmpty()) {
				freed += this.history.removeFirst().size();
			}
			this.historySize -= freed;
			return freed;
		}

		/**
		 * This entry left the store: its history no longer counts.
		 * @return the bytes it held
		 */
		synchronized long discard() {
			long size = this.historySize;
			this.discarded = true;
			this.history.clear();
			this.historySize = 0;
			return size;
		}

		synchronized long historySize() {
			return this.historySize;
		}

		synchronized List<SessionUpdate> history() {
			List<SessionUpdate> updates = new ArrayList<>(this.history.size());
			for (Recorded recorded : this.history) {
				updates.add(recorded.update());
			}
			return updates;
		}

		synchronized boolean claim(String owner, Instant until, Instant now) {
			if (this.owner != null && !this.owner.equals(owner) && this.claimedUntil.isAfter(now)) {
				return false;
			}
			this.owner = owner;
			this.claimedUntil = until;
			return true;
		}

		synchronized void release(String owner) {
			if (owner.equals(this.owner)) {
				this.owner = null;
				this.claimedUntil = Instant.MIN;
			}
		}

	}

	/**
	 * A history entry and its estimated size.
	 */
	private record Recorded(SessionUpdate update, long size) {

	}

}

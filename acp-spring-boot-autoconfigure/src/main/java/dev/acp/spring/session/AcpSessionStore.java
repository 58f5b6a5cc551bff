package dev.acp.spring.session;

import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;

import dev.acp.spring.protocol.SessionUpdate;

/**
 * Keeps sessions and their history for the starter. The starter calls it from handler
 * threads, possibly for several sessions at once, so implementations are thread-safe; one
 * session is only written by the one connection serving it. Several instances of an agent
 * share a session by sharing a store.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpSessionStore {

	/**
	 * Creates the session or replaces what is kept of it, leaving its history as it is;
	 * {@link #find} sees the change at once.
	 * @param session the session
	 */
	void save(AcpSessionData session);

	/**
	 * Replaces what is kept of a session only while it is as {@code expected} was read
	 * from {@link #find} (nothing saved or appended since): the optimistic write with
	 * which the starter applies one connection's changes to a session another connection
	 * serves too, reading and applying them again when this answers {@code false}. The
	 * default, for a store that cannot tell, saves a session it still has.
	 * @param expected the session as read
	 * @param session the session to keep
	 * @return whether it was replaced; {@code false} when it changed since it was read,
	 * or the store no longer has it
	 */
	default boolean replace(AcpSessionData expected, AcpSessionData session) {
		if (find(expected.sessionId()) == null) {
			return false;
		}
		save(session);
		return true;
	}

	/**
	 * Finds a session.
	 * @param sessionId the session's id
	 * @return the session, or {@code null} when the store has none of that id
	 */
	@Nullable AcpSessionData find(String sessionId);

	/**
	 * Appends to a session's history, after everything appended before, in the order
	 * given. The starter calls it once per batch (at the latest when a turn ends), so one
	 * call should cost one round trip. Entries beyond the store's bound drop the oldest.
	 * Appending to a session the store does not have does nothing. An append is a change:
	 * it sets the session's {@link AcpSessionData#updatedAt() updatedAt} to the time of
	 * the append (never earlier than it was), so that {@link #find} and {@link #list} see
	 * the session as updated without a {@link #save} each turn.
	 * @param sessionId the session's id
	 * @param updates the updates, as the agent sent them or as the user prompted
	 */
	void append(String sessionId, List<SessionUpdate> updates);

	/**
	 * Hands a session's history to {@code consumer}, oldest first.
	 * @param sessionId the session's id
	 * @param consumer takes each update in order
	 */
	void replay(String sessionId, Consumer<SessionUpdate> consumer);

	/**
	 * Lists the sessions of one owner, the most recently updated first. The owner is part
	 * of the query, so a page holds only that owner's sessions.
	 * @param owner the owner whose sessions are listed: a principal's name, or
	 * {@code null} for the anonymous owner (never "everyone")
	 * @param cwd only sessions of this working directory, or {@code null} for all
	 * @param cursor a {@link AcpSessionPage#nextCursor()} from an earlier call, or
	 * {@code null} for the first page
	 * @param pageSize the most sessions a page holds
	 * @return the page
	 * @throws IllegalArgumentException if the cursor is not one this store gave for this
	 * owner and {@code cwd} (see {@link AcpSessionCursors} to sign cursors)
	 */
	AcpSessionPage list(@Nullable String owner, @Nullable String cwd, @Nullable String cursor, int pageSize);

	/**
	 * Deletes a session and its history.
	 * @param sessionId the session's id
	 * @return whether the store had it
	 */
	boolean delete(String sessionId);

	/**
	 * Whether the store dropped the session on its own (evicted it, to stay within its
	 * bounds) rather than being told to {@link #delete} it, so that a connection still
	 * serving it may keep it again. A session deleted stays deleted. A store that never
	 * evicts answers {@code false}, the default.
	 * @param sessionId the session's id
	 * @return whether the store evicted the session and has not kept it again since
	 */
	default boolean evicted(String sessionId) {
		return false;
	}

	/**
	 * Claims a session for a turn: succeeds when no other owner holds an unexpired claim
	 * on it, and then holds it for {@code owner} until {@code until} (a claim is renewed
	 * by claiming again). A claim that is never released, because its instance died,
	 * lapses at {@code until}. A session the store does not have cannot be claimed.
	 * @param sessionId the session's id
	 * @param owner who claims: unique per connection across instances
	 * @param until when the claim lapses unless renewed
	 * @return whether {@code owner} holds the claim now
	 */
	boolean claim(String sessionId, String owner, Instant until);

	/**
	 * Releases a claim of {@code owner}; does nothing if another owner holds it.
	 * @param sessionId the session's id
	 * @param owner who claimed it
	 */
	void release(String sessionId, String owner);

}

package dev.acp.spring.agent.support;

import java.time.Clock;
import java.time.Duration;
import java.util.Set;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.agent.AcpSessions;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.session.AcpSessionStore;

/**
 * The sessions the starter keeps: creates them on {@code session/new}, records what is
 * sent for them in batches (one store append per turn), claims them for the turns of the
 * connection serving them, and serves {@code session/new}, {@code session/load},
 * {@code session/list}, {@code session/resume}, {@code session/close} and
 * {@code session/delete} when the application has no handler of its own for them.
 * <p>
 * A session belongs to the principal of the connection that created it (a connection
 * without one: the anonymous owner). To any other connection it does not exist: it is not
 * listed, and loading, resuming, deleting or replaying it answers the -32002 of an
 * unknown session, found by the same query, before any claim is tried.
 * <p>
 * Coordinates the classes that do each job: {@link SessionClaims},
 * {@link StarterSessionMethods} (with {@link SessionListing} for {@code session/list}),
 * {@link SessionCreation}, {@link SessionOpening}, {@link HistoryReplay},
 * {@link PromptTurns}, {@link UpdateRecorder}, {@link SessionWriter},
 * {@link SessionClosing} and {@link SessionDeletion}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
public final class DefaultAcpSessions implements AcpSessions {

	/**
	 * The error answered when a session's turn runs on another connection: -32001
	 * {@code Session busy}, refused at once without running, so trying again later may
	 * succeed.
	 */
	public static final int SESSION_BUSY = JsonRpcError.SERVER_BUSY;

	private final AcpSessionStore store;

	private final SessionClaims claims;

	private final SessionWriter writer;

	private final UpdateRecorder recorder;

	private final HistoryReplay replay;

	private final SessionCreation creation;

	private final SessionOpening opening;

	private final SessionClosing closing;

	private final SessionDeletion deletion;

	private final PromptTurns turns;

	private final StarterSessionMethods methods;

	/**
	 * Create the sessions.
	 * @param store where sessions are kept
	 * @param claimDuration how long a turn's claim lasts unless renewed by
	 * {@link #renewClaims()}
	 * @param listPageSize the most sessions a {@code session/list} page holds
	 * @param batchSize the most recorded updates held in memory before they are written
	 * in the middle of a turn
	 */
	public DefaultAcpSessions(AcpSessionStore store, Duration claimDuration, int listPageSize, int batchSize) {
		this(store, claimDuration, listPageSize, batchSize, Clock.systemUTC());
	}

	DefaultAcpSessions(AcpSessionStore store, Duration claimDuration, int listPageSize, int batchSize, Clock clock) {
		if (claimDuration.isZero() || claimDuration.isNegative()) {
			throw new IllegalArgumentException("claimDuration must be positive");
		}
		if (listPageSize < 1 || batchSize < 1) {
			throw new IllegalArgumentException("listPageSize and batchSize must be positive");
		}
		this.store = store;
		OwnedSessions owned = new OwnedSessions(store);
		this.claims = new SessionClaims(store, owned, claimDuration, clock);
		this.writer = new SessionWriter(store, batchSize, clock);
		this.recorder = new UpdateRecorder(this.writer);
		this.replay = new HistoryReplay(store, owned);
		this.creation = new SessionCreation(store, clock);
		this.opening = new SessionOpening(store, owned, this.claims, clock);
		this.closing = new SessionClosing(this.writer, this.claims);
		this.deletion = new SessionDeletion(store, owned);
		this.turns = new PromptTurns(store, this.claims, this.writer);
		this.methods = new StarterSessionMethods(this.claims, this.creation, this.opening, this.replay,
				new SessionListing(store, listPageSize), this.closing, this.deletion);
	}

	@Override
	public AcpSessionStore store() {
		return this.store;
	}

	@Override
	public void replay(String sessionId, AcpConnection connection) {
		if (!(connection instanceof DefaultAcpConnection target)) {
			throw new IllegalArgumentException("Not a connection of this agent: " + connection);
		}
		this.replay.replay(sessionId, target);
	}

	/**
	 * The methods the starter serves when the application has no handler for them.
	 * @return the method names
	 */
	public static Set<String> servedMethods() {
		return StarterSessionMethods.METHODS;
	}

	/**
	 * Whether the starter serves a method when the application does not.
	 * @param method the method
	 * @return whether served
	 */
	static boolean serves(String method) {
		return StarterSessionMethods.METHODS.contains(method);
	}

	/**
	 * Serve a method the application has no handler for.
	 */
	Object serve(String method, @Nullable JsonNode params, DefaultAcpConnection connection, ObjectMapper mapper) {
		return this.methods.serve(method, params, connection, mapper);
	}

	/**
	 * Whether a {@code session/delete} the starter serves deletes a session: one the
	 * store does not have for the connection's owner is answered without deleting
	 * anything, and the session listeners are not told.
	 */
	boolean deletes(String sessionId, DefaultAcpConnection connection) {
		return this.deletion.deletes(sessionId, connection);
	}

	/**
	 * Before an application's {@code session/load} or {@code session/resume} handler
	 * runs: see {@link SessionOpening#opening}.
	 * @return whether the store has the session for this connection's owner (and it is
	 * claimed now)
	 */
	boolean opening(DefaultAcpConnection connection, String sessionId) {
		return this.opening.opening(connection, sessionId);
	}

	/**
	 * After an application's {@code session/load} or {@code session/resume} handler: the
	 * session is served by this connection from now on.
	 */
	void opened(DefaultAcpConnection connection, String sessionId, @Nullable JsonNode params, ObjectMapper mapper,
			boolean claimed) {
		this.opening.opened(connection, sessionId, params, mapper, claimed);
	}

	/**
	 * An attempt to open a session ended without opening it: release its claim.
	 */
	void notOpened(DefaultAcpConnection connection, String sessionId) {
		this.opening.notOpened(connection, sessionId);
	}

	/**
	 * A session was created by {@code session/new}, the application's or the starter's.
	 */
	void created(DefaultAcpConnection connection, NewSessionRequest request, String sessionId,
			@Nullable NewSessionResponse response) {
		this.creation.created(connection, request, sessionId, response);
	}

	/**
	 * A session was created by the application's {@code session/new} handler, which
	 * answered {@code result}.
	 */
	void created(DefaultAcpConnection connection, @Nullable JsonNode params, String sessionId, @Nullable Object result,
			ObjectMapper mapper) {
		this.creation.created(connection, params, sessionId, result, mapper);
	}

	/**
	 * The session was closed on this connection: write what it recorded, release it,
	 * forget it here; it stays in the store.
	 * @return whether this connection served it
	 */
	boolean closed(DefaultAcpConnection connection, String sessionId) {
		return this.closing.closed(connection, sessionId);
	}

	/**
	 * The session was deleted: forget it here and in the store.
	 */
	void deleted(DefaultAcpConnection connection, String sessionId) {
		this.deletion.deleted(connection, sessionId);
	}

	/**
	 * The application's handler deleted the session: forget it here, and in the store
	 * when it belongs to this connection's owner.
	 */
	void forget(DefaultAcpConnection connection, String sessionId) {
		this.deletion.forget(connection, sessionId);
	}

	/**
	 * The connection ended: write what its sessions recorded and release them.
	 */
	void connectionClosed(DefaultAcpConnection connection) {
		this.closing.connectionClosed(connection);
	}

	/**
	 * A handler of the connection completed: when the connection has ended already, write
	 * what its sessions recorded and changed since.
	 */
	void handlerCompleted(DefaultAcpConnection connection) {
		this.closing.handlerCompleted(connection);
	}

	/**
	 * Start a prompt turn: claim the session for this connection, and record the prompt's
	 * content blocks as {@code user_message_chunk}s. The params are bound once: the
	 * handler may take the request bound here, while what was recorded shares nothing it
	 * could change.
	 * @return the params bound, or {@code null} when they do not bind to a
	 * {@link PromptRequest} (the handler's own binding then tells why)
	 * @throws AcpException -32001 when a turn of the session runs on another connection
	 */
	@Nullable PromptRequest beginTurn(DefaultAcpConnection connection, DefaultAcpSession session, @Nullable JsonNode params,
			ObjectMapper mapper, @Nullable String messageId) {
		return this.turns.begin(connection, session, params, mapper, messageId);
	}

	/**
	 * End a prompt turn: write what it recorded in one append, keep changed state,
	 * release the claim. Never throws: the turn's answer stands.
	 */
	void endTurn(DefaultAcpConnection connection, DefaultAcpSession session) {
		this.turns.end(connection, session);
	}

	/**
	 * Renew the claims of the turns running now; called every third of the claim
	 * duration, so that a turn keeps its session however long it runs, and the claims of
	 * an instance that died lapse within one claim duration.
	 */
	public void renewClaims() {
		this.claims.renew();
	}

	/**
	 * How often {@link #renewClaims()} should run.
	 * @return a third of the claim duration
	 */
	public Duration renewalPeriod() {
		return this.claims.renewalPeriod();
	}

	/**
	 * Record what the agent sent for a session this connection serves.
	 * @param params the params of a {@code session/update} notification
	 */
	void record(DefaultAcpConnection connection, @Nullable Object params, ObjectMapper mapper) {
		this.recorder.record(connection, params, mapper);
	}

	/**
	 * A change of the session's mode or config option, by an application's handler.
	 */
	void persistChange(DefaultAcpSession session) {
		this.writer.saveChanges(session);
	}

}

package dev.acp.spring.agent.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.agent.AcpSessions;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpSessionNotFoundException;
import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.CloseSessionRequest;
import dev.acp.spring.protocol.CloseSessionResponse;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.DeleteSessionRequest;
import dev.acp.spring.protocol.DeleteSessionResponse;
import dev.acp.spring.protocol.ListSessionsRequest;
import dev.acp.spring.protocol.ListSessionsResponse;
import dev.acp.spring.protocol.LoadSessionRequest;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.ResumeSessionRequest;
import dev.acp.spring.protocol.ResumeSessionResponse;
import dev.acp.spring.protocol.SessionInfo;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionPage;
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

	private static final Log logger = LogFactory.getLog(DefaultAcpSessions.class);

	private static final Set<String> SERVED = Set.of(AcpMethods.SESSION_NEW, AcpMethods.SESSION_LOAD,
			AcpMethods.SESSION_LIST, AcpMethods.SESSION_RESUME, AcpMethods.SESSION_CLOSE, AcpMethods.SESSION_DELETE);

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

	private final Duration claimDuration;

	private final int listPageSize;

	private final int batchSize;

	private final Clock clock;

	private final Map<DefaultAcpSession, DefaultAcpConnection> turns = new ConcurrentHashMap<>();

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
		this.claimDuration = claimDuration;
		this.listPageSize = listPageSize;
		this.batchSize = batchSize;
		this.clock = clock;
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
		findOwned(sessionId, target);
		this.store.replay(sessionId, (update) -> target.sendUnrecorded(AcpMethods.SESSION_UPDATE,
				new SessionNotification(sessionId, update)));
	}

	/**
	 * The methods the starter serves when the application has no handler for them.
	 * @return the method names
	 */
	public static Set<String> servedMethods() {
		return SERVED;
	}

	/**
	 * Whether the starter serves a method when the application does not.
	 * @param method the method
	 * @return whether served
	 */
	static boolean serves(String method) {
		return SERVED.contains(method);
	}

	/**
	 * Serve a method the application has no handler for.
	 */
	Object serve(String method, @Nullable JsonNode params, DefaultAcpConnection connection, ObjectMapper mapper) {
		return switch (method) {
			case AcpMethods.SESSION_NEW -> newSession(bind(mapper, params, NewSessionRequest.class), connection);
			case AcpMethods.SESSION_LOAD -> load(bind(mapper, params, LoadSessionRequest.class), connection);
			case AcpMethods.SESSION_LIST -> list(bind(mapper, params, ListSessionsRequest.class), connection);
			case AcpMethods.SESSION_RESUME -> resume(bind(mapper, params, ResumeSessionRequest.class), connection);
			case AcpMethods.SESSION_CLOSE -> close(bind(mapper, params, CloseSessionRequest.class), connection);
			case AcpMethods.SESSION_DELETE -> delete(bind(mapper, params, DeleteSessionRequest.class), connection);
			default -> throw new IllegalArgumentException("Not a session method: " + method);
		};
	}

	private static <T> T bind(ObjectMapper mapper, @Nullable JsonNode params, Class<T> type) {
		if (params == null) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("params", "is required")));
		}
		return type.cast(ParamsBinding.bind(mapper, params, mapper.constructType(type), null));
	}

	private NewSessionResponse newSession(NewSessionRequest request, DefaultAcpConnection connection) {
		String sessionId = "sess_" + UUID.randomUUID().toString().replace("-", "");
		created(connection, request, sessionId, null);
		return new NewSessionResponse(sessionId);
	}

	private LoadSessionResponse load(LoadSessionRequest request, DefaultAcpConnection connection) {
		String sessionId = request.sessionId();
		AcpSessionData data = claimStored(sessionId, connection);
		try {
			replay(sessionId, connection);
			open(connection, data, request.mcpServers());
		}
		finally {
			releaseUnlessTurn(sessionId, connection);
		}
		return new LoadSessionResponse();
	}

	private ResumeSessionResponse resume(ResumeSessionRequest request, DefaultAcpConnection connection) {
		String sessionId = request.sessionId();
		AcpSessionData data = claimStored(sessionId, connection);
		releaseUnlessTurn(sessionId, connection);
		open(connection, data, request.mcpServers());
		return new ResumeSessionResponse();
	}

	private ListSessionsResponse list(ListSessionsRequest request, DefaultAcpConnection connection) {
		AcpSessionPage page;
		try {
			page = this.store.list(connection.sessionOwnerName(), request.cwd(), request.cursor(), this.listPageSize);
		}
		catch (IllegalArgumentException ex) {
			throw ParamsBinding
				.invalidParams(List.of(ParamsBinding.fieldError("cursor", "is not a cursor this agent gave")));
		}
		List<SessionInfo> sessions = new ArrayList<>(page.sessions().size());
		for (AcpSessionData data : page.sessions()) {
			sessions.add(new SessionInfo(data.sessionId(), data.cwd(),
					data.additionalDirectories().isEmpty() ? null : data.additionalDirectories(), data.title(),
					data.updatedAt().toString()));
		}
		return new ListSessionsResponse(sessions, page.nextCursor());
	}

	private CloseSessionResponse close(CloseSessionRequest request, DefaultAcpConnection connection) {
		if (!closed(connection, request.sessionId())) {
			throw new AcpSessionNotFoundException(request.sessionId(),
					"no session of this id is open on this connection");
		}
		return new CloseSessionResponse();
	}

	private DeleteSessionResponse delete(DeleteSessionRequest request, DefaultAcpConnection connection) {
		String sessionId = request.sessionId();
		claimStored(sessionId, connection);
		deleted(connection, sessionId);
		return new DeleteSessionResponse();
	}

	/**
	 * Claim a stored session for this connection while it is loaded, resumed or deleted.
	 */
	private AcpSessionData claimStored(String sessionId, DefaultAcpConnection connection) {
		AcpSessionData data = findOwned(sessionId, connection);
		if (!this.store.claim(sessionId, connection.sessionOwner(), claimUntil())) {
			throw busy(sessionId);
		}
		return data;
	}

	/**
	 * The stored session of this id that belongs to the connection's owner.
	 * @throws AcpSessionNotFoundException when the store has none, or one of another
	 * owner: the same answer for both
	 */
	private AcpSessionData findOwned(String sessionId, DefaultAcpConnection connection) {
		AcpSessionData data = this.store.find(sessionId);
		if (data == null || !data.isOwnedBy(connection.sessionOwnerName())) {
			throw notStored(sessionId);
		}
		return data;
	}

	/**
	 * Before an application's {@code session/load} or {@code session/resume} handler
	 * runs: refuse a session whose turn runs on another connection. A session of another
	 * owner is left alone, as one the store does not have.
	 * @return whether the store has the session for this connection's owner (and it is
	 * claimed now)
	 */
	boolean opening(DefaultAcpConnection connection, String sessionId) {
		AcpSessionData data = this.store.find(sessionId);
		if (data == null || !data.isOwnedBy(connection.sessionOwnerName())) {
			return false;
		}
		if (!this.store.claim(sessionId, connection.sessionOwner(), claimUntil())) {
			throw busy(sessionId);
		}
		return true;
	}

	/**
	 * After an application's {@code session/load} or {@code session/resume} handler: the
	 * session is served by this connection from now on.
	 */
	void opened(DefaultAcpConnection connection, String sessionId, @Nullable JsonNode params, ObjectMapper mapper,
			boolean claimed) {
		try {
			AcpSessionData data = this.store.find(sessionId);
			List<McpServer> mcpServers = mcpServers(params, mapper);
			if (data != null && !data.isOwnedBy(connection.sessionOwnerName())) {
				return;
			}
			if (data == null) {
				String cwd = text(params, "cwd");
				if (cwd == null) {
					return;
				}
				Instant now = this.clock.instant();
				data = new AcpSessionData(sessionId, cwd, List.of(), List.of(), null, null, Map.of(), Map.of(), now,
						now, connection.sessionOwnerName());
				this.store.save(data);
			}
			open(connection, data, mcpServers);
		}
		finally {
			if (claimed) {
				releaseUnlessTurn(sessionId, connection);
			}
		}
	}

	/**
	 * An attempt to open a session ended without opening it: release its claim.
	 */
	void notOpened(DefaultAcpConnection connection, String sessionId) {
		releaseUnlessTurn(sessionId, connection);
	}

	private static @Nullable List<McpServer> mcpServers(@Nullable JsonNode params, ObjectMapper mapper) {
		JsonNode servers = (params != null) ? params.get("mcpServers") : null;
		if (servers == null || !servers.isArray()) {
			return null;
		}
		try {
			return List.of(mapper.treeToValue(servers, McpServer[].class));
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	private static @Nullable String text(@Nullable JsonNode params, String field) {
		JsonNode node = (params != null) ? params.get(field) : null;
		return (node != null && node.isString()) ? node.stringValue() : null;
	}

	private void open(DefaultAcpConnection connection, AcpSessionData data, @Nullable List<McpServer> mcpServers) {
		DefaultAcpSession session = connection.openSession(data.sessionId());
		if (session == null) {
			session = new DefaultAcpSession(data);
			connection.sessionOpened(session);
		}
		else {
			session.refresh(data);
		}
		session.mcpServers(mcpServers);
	}

	/**
	 * A session was created by {@code session/new}, the application's or the starter's.
	 */
	void created(DefaultAcpConnection connection, NewSessionRequest request, String sessionId,
			@Nullable NewSessionResponse response) {
		Instant now = this.clock.instant();
		List<String> directories = (request.additionalDirectories() != null) ? request.additionalDirectories()
				: List.of();
		DefaultAcpSession session = new DefaultAcpSession(new AcpSessionData(sessionId, request.cwd(), directories,
				request.mcpServers(), null, null, Map.of(), Map.of(), now, now, connection.sessionOwnerName()));
		if (response != null) {
			if (response.modes() != null) {
				session.setCurrentModeId(response.modes().currentModeId());
			}
			session.configOptions(response.configOptions());
		}
		this.store.save(session.data(now));
		connection.sessionOpened(session);
	}

	/**
	 * A session was created by the application's {@code session/new} handler, which
	 * answered {@code result}.
	 */
	void created(DefaultAcpConnection connection, @Nullable JsonNode params, String sessionId, @Nullable Object result,
			ObjectMapper mapper) {
		if (params == null) {
			return;
		}
		NewSessionRequest request;
		NewSessionResponse response = null;
		try {
			request = mapper.treeToValue(params, NewSessionRequest.class);
			if (result instanceof NewSessionResponse typed) {
				response = typed;
			}
			else if (result != null) {
				response = mapper.convertValue(result, NewSessionResponse.class);
			}
		}
		catch (JacksonException | IllegalArgumentException ex) {
			logger.debug("Not keeping session '" + sessionId + "': " + ex.getMessage());
			return;
		}
		AcpSessionData existing = this.store.find(sessionId);
		if (existing != null && !existing.isOwnedBy(connection.sessionOwnerName())) {
			logger.warn("Not keeping session '" + sessionId + "' the application created: the store keeps a session"
					+ " of that id for another owner");
			return;
		}
		created(connection, request, sessionId, response);
	}

	/**
	 * The session was closed on this connection: write what it recorded, release it,
	 * forget it here; it stays in the store.
	 * @return whether this connection served it
	 */
	boolean closed(DefaultAcpConnection connection, String sessionId) {
		DefaultAcpSession session = connection.sessionClosed(sessionId);
		if (session == null) {
			return false;
		}
		persist(session);
		releaseUnlessTurn(sessionId, connection);
		return true;
	}

	/**
	 * The session was deleted: forget it here and in the store.
	 */
	void deleted(DefaultAcpConnection connection, String sessionId) {
		connection.sessionClosed(sessionId);
		if (!this.store.delete(sessionId)) {
			throw notStored(sessionId);
		}
	}

	/**
	 * The application's handler deleted the session: forget it here, and in the store
	 * when it belongs to this connection's owner.
	 */
	void forget(DefaultAcpConnection connection, String sessionId) {
		connection.sessionClosed(sessionId);
		AcpSessionData data = this.store.find(sessionId);
		if (data != null && data.isOwnedBy(connection.sessionOwnerName())) {
			this.store.delete(sessionId);
		}
	}

	/**
	 * The connection ended: write what its sessions recorded and release them.
	 */
	void connectionClosed(DefaultAcpConnection connection) {
		connection.closed();
		for (DefaultAcpSession session : connection.openSessions()) {
			try {
				persist(session);
				releaseUnlessTurn(session.id(), connection);
			}
			catch (RuntimeException ex) {
				logger.warn("Could not keep session '" + session.id() + "' when its connection closed", ex);
			}
		}
	}

	/**
	 * A handler of the connection completed: when the connection has ended already (a
	 * notification handled as it closed), write what its sessions recorded and changed
	 * since. The connection is marked closed before it writes, and a handler changes its
	 * session before it completes, so a change is written by one or the other.
	 */
	void handlerCompleted(DefaultAcpConnection connection) {
		if (!connection.isClosed()) {
			return;
		}
		for (DefaultAcpSession session : connection.openSessions()) {
			try {
				persist(session);
			}
			catch (RuntimeException ex) {
				logger.warn("Could not keep session '" + session.id() + "' after its connection closed", ex);
			}
		}
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
			ObjectMapper mapper) {
		synchronized (connection.claimLock()) {
			claimForTurn(connection, session);
			this.turns.put(session, connection);
		}
		refresh(session);
		PromptRequest request = bind(params, mapper);
		session.beginTurn((request != null) ? prompt(request, mapper) : prompt(params, mapper));
		return request;
	}

	/**
	 * Before a turn: take what another connection serving the session wrote since this
	 * one last did (the turn's claim keeps others from writing while it runs).
	 */
	private void refresh(DefaultAcpSession session) {
		try {
			AcpSessionData stored = this.store.find(session.id());
			if (stored != null) {
				session.refresh(stored);
			}
		}
		catch (RuntimeException ex) {
			logger.warn("Could not read session '" + session.id() + "' before its turn", ex);
		}
	}

	private void claimForTurn(DefaultAcpConnection connection, DefaultAcpSession session) {
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
			throw notStored(session.id());
		}
		// Evicted from the store while this connection served it: keep it again.
		this.store.save(session.data(this.clock.instant()));
		if (!this.store.claim(session.id(), owner, claimUntil())) {
			throw busy(session.id());
		}
	}

	/**
	 * Renew the claims of the turns running now; called every third of the claim
	 * duration, so that a turn keeps its session however long it runs, and the claims of
	 * an instance that died lapse within one claim duration.
	 */
	public void renewClaims() {
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
	 * How often {@link #renewClaims()} should run.
	 * @return a third of the claim duration
	 */
	public Duration renewalPeriod() {
		return this.claimDuration.dividedBy(3);
	}

	private static @Nullable PromptRequest bind(@Nullable JsonNode params, ObjectMapper mapper) {
		if (params == null) {
			return null;
		}
		try {
			return mapper.treeToValue(params, PromptRequest.class);
		}
		catch (JacksonException | IllegalArgumentException ex) {
			return null;
		}
	}

	private static List<SessionUpdate> prompt(PromptRequest request, ObjectMapper mapper) {
		List<ContentBlock> prompt = request.prompt();
		List<SessionUpdate> chunks = new ArrayList<>(prompt.size());
		for (ContentBlock block : prompt) {
			chunks.add(new SessionUpdate.UserMessageChunk(DetachedContent.of(block, mapper), null, null));
		}
		return chunks;
	}

	/**
	 * The prompt of params that do not bind as a whole: each block that binds, or none
	 * when one does not.
	 */
	private static List<SessionUpdate> prompt(@Nullable JsonNode params, ObjectMapper mapper) {
		JsonNode prompt = (params != null) ? params.get("prompt") : null;
		if (prompt == null || !prompt.isArray() || prompt.isEmpty()) {
			return List.of();
		}
		List<SessionUpdate> chunks = new ArrayList<>(prompt.size());
		try {
			for (JsonNode block : prompt) {
				chunks
					.add(new SessionUpdate.UserMessageChunk(mapper.treeToValue(block, ContentBlock.class), null, null));
			}
		}
		catch (JacksonException | IllegalArgumentException ex) {
			return List.of();
		}
		return chunks;
	}

	/**
	 * End a prompt turn: write what it recorded in one append, keep changed state,
	 * release the claim. Never throws: the turn's answer stands.
	 */
	void endTurn(DefaultAcpConnection connection, DefaultAcpSession session) {
		this.turns.remove(session, connection);
		session.endTurn();
		try {
			persist(session);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not record the turn of session '" + session.id() + "'", ex);
		}
		finally {
			try {
				releaseUnlessTurn(session.id(), connection);
			}
			catch (RuntimeException ex) {
				logger.warn("Could not release session '" + session.id() + "'", ex);
			}
		}
	}

	/**
	 * Release the connection's claim of a session, unless a turn of the session runs on
	 * the connection: a claim lives as long as its turn, whatever the connection loads,
	 * resumes or closes meanwhile.
	 */
	private void releaseUnlessTurn(String sessionId, DefaultAcpConnection connection) {
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

	/**
	 * Record what the agent sent for a session this connection serves: a copy of the
	 * update the application passed, so that changing it afterwards changes no history
	 * (params sent as a map or tree are bound to a new update anyway).
	 * @param params the params of a {@code session/update} notification
	 */
	void record(DefaultAcpConnection connection, @Nullable Object params, ObjectMapper mapper) {
		SessionNotification notification = notification(params, mapper);
		if (notification == null) {
			return;
		}
		DefaultAcpSession session = connection.openSession(notification.sessionId());
		if (session == null) {
			return;
		}
		SessionUpdate update = (params instanceof SessionNotification)
				? DetachedUpdate.of(notification.update(), mapper) : notification.update();
		if (!session.record(update, this.batchSize, BATCH_MAX_SIZE)) {
			return;
		}
		try {
			flush(session);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not record an update of session '" + session.id() + "'", ex);
		}
	}

	private static @Nullable SessionNotification notification(@Nullable Object params, ObjectMapper mapper) {
		if (params instanceof SessionNotification notification) {
			return notification;
		}
		if (params == null) {
			return null;
		}
		try {
			return mapper.convertValue(params, SessionNotification.class);
		}
		catch (JacksonException | IllegalArgumentException ex) {
			return null;
		}
	}

	/**
	 * Write what the session recorded and changed.
	 */
	private void persist(DefaultAcpSession session) {
		flush(session);
		saveChanges(session);
	}

	/**
	 * Write the session's changes onto what the store has now, so that the changes of
	 * another connection serving it are kept; a session deleted meanwhile (by another
	 * connection) is not created again, one the store evicted is.
	 */
	private void saveChanges(DefaultAcpSession session) {
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

	private void flush(DefaultAcpSession session) {
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

	/**
	 * A change of the session's mode or config option, by an application's handler.
	 */
	void persistChange(DefaultAcpSession session) {
		saveChanges(session);
	}

	private Instant claimUntil() {
		return this.clock.instant().plus(this.claimDuration);
	}

	private static AcpSessionNotFoundException notStored(String sessionId) {
		return new AcpSessionNotFoundException(sessionId, "no session of this id is stored");
	}

	private static AcpException busy(String sessionId) {
		return new AcpException(SESSION_BUSY, "Session busy", Map.of("sessionId", sessionId, "detail",
				"session " + sessionId + " is busy on another connection: a turn runs there; try again when it ends"));
	}

}

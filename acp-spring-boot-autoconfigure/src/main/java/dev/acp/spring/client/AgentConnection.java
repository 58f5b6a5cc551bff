package dev.acp.spring.client;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionClosedException;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * One open connection to an agent: its link, its sessions and terminals, and typed calls
 * whose failures are translated into the client's exceptions.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AgentConnection {

	private final DefaultAcpAgentClient client;

	private final ObjectMapper mapper;

	private static final Log logger = LogFactory.getLog(AgentConnection.class);

	private static final int MAX_EARLY_SESSIONS = 16;

	private static final int MAX_EARLY_UPDATES = 1024;

	private final Map<String, DefaultAcpAgentSession> sessions = new ConcurrentHashMap<>();

	private final Map<String, List<SessionUpdate>> early = new HashMap<>();

	private final @Nullable AcpClientTerminals terminals;

	private volatile @Nullable AgentLink link;

	private volatile @Nullable InitializeResponse initializeResponse;

	private volatile int protocolVersion = AcpAgentClient.PROTOCOL_VERSION;

	private volatile boolean closed;

	private volatile boolean peerGone;

	AgentConnection(DefaultAcpAgentClient client, ObjectMapper mapper, @Nullable AcpClientTerminals terminals) {
		this.client = client;
		this.mapper = mapper;
		this.terminals = terminals;
	}

	void linked(AgentLink link) {
		this.link = link;
		// the callback reports its own failures: the future whenComplete returns holds
		// nothing to look at
		var unused = link.terminated().whenComplete((result, failure) -> {
			if (!this.closed) {
				try {
					releaseTerminals();
				}
				catch (RuntimeException ex) {
					// the application's terminals, say: the turns still end
					logger.warn("Releasing the terminals of a closed agent connection failed", ex);
				}
				endTurns(closedException());
			}
		});
	}

	/**
	 * The agent answered {@code initialize}.
	 * @param response the answer, in the v1 model
	 * @param version the protocol version negotiated
	 */
	void initialized(InitializeResponse response, int version) {
		this.protocolVersion = version;
		this.initializeResponse = response;
	}

	/**
	 * The protocol version of this connection (1 before {@code initialize} was answered).
	 * @return the version
	 */
	int protocolVersion() {
		return this.protocolVersion;
	}

	DefaultAcpAgentClient client() {
		return this.client;
	}

	ObjectMapper mapper() {
		return this.mapper;
	}

	@Nullable AcpClientTerminals terminals() {
		return this.terminals;
	}

	InitializeResponse initializeResponse() {
		InitializeResponse response = this.initializeResponse;
		if (response == null) {
			throw new IllegalStateException("Not initialized");
		}
		return response;
	}

	boolean isOpen() {
		AgentLink current = this.link;
		return !this.closed && !this.peerGone && current != null && !current.terminated().isDone()
				&& !current.connection().isClosed();
	}

	@Nullable DefaultAcpAgentSession session(String sessionId) {
		return this.sessions.get(sessionId);
	}

	/**
	 * Register a session; the updates that arrived for it before (its {@code session/new}
	 * answer raced them) are delivered first.
	 * @param session the session
	 */
	void register(DefaultAcpAgentSession session) {
		synchronized (session) {
			List<SessionUpdate> pending;
			synchronized (this.early) {
				this.sessions.put(session.id(), session);
				pending = this.early.remove(session.id());
			}
			if (pending != null) {
				pending.forEach(session::deliver);
			}
		}
	}

	/**
	 * Deliver a {@code session/update} to its session, or keep it (bounded) until the
	 * session registers.
	 * @param notification the update
	 */
	void dispatch(SessionNotification notification) {
		DefaultAcpAgentSession session;
		synchronized (this.early) {
			session = this.sessions.get(notification.sessionId());
			if (session == null) {
				List<SessionUpdate> pending = this.early.get(notification.sessionId());
				if (pending == null && this.early.size() < MAX_EARLY_SESSIONS) {
					pending = new ArrayList<>();
					this.early.put(notification.sessionId(), pending);
				}
				if (pending != null && pending.size() < MAX_EARLY_UPDATES) {
					pending.add(notification.update());
				}
				else {
					logger.debug("Dropping a session/update of an unknown session");
				}
				return;
			}
		}
		session.deliver(notification.update());
	}

	/**
	 * Pass a v2 {@code state_update} to its session's turn; dropped for an unknown
	 * session (no turn can be waiting for it).
	 * @param sessionId the session
	 * @param state the state
	 */
	void dispatchState(String sessionId, dev.acp.spring.protocol.v2.StateUpdate state) {
		DefaultAcpAgentSession session = this.sessions.get(sessionId);
		if (session != null) {
			session.state(state);
		}
	}

	void unregister(DefaultAcpAgentSession session) {
		this.sessions.remove(session.id(), session);
	}

	<T> CompletableFuture<T> call(String method, @Nullable Object params, Class<T> resultType, Duration timeout) {
		JsonRpcConnection connection = connection();
		if (connection == null) {
			return CompletableFuture.failedFuture(closedException());
		}
		return connection.request(method, params, timeout).handle((result, failure) -> {
			if (failure != null) {
				throw new CompletionException(translate(method, failure, timeout));
			}
			return convert(result, resultType);
		});
	}

	void notify(String method, @Nullable Object params) {
		JsonRpcConnection connection = connection();
		if (connection == null || connection.isClosed()) {
			throw closedException();
		}
		connection.notify(method, params);
	}

	private @Nullable JsonRpcConnection connection() {
		AgentLink current = this.link;
		return (current != null && !this.closed) ? current.connection() : null;
	}

	@SuppressWarnings("unchecked")
	private <T> T convert(@Nullable JsonNode result, Class<T> resultType) {
		if (resultType == JsonNode.class) {
			return (T) ((result != null) ? result : this.mapper.nullNode());
		}
		if (result == null || result.isNull() || result.isMissingNode()) {
			result = this.mapper.createObjectNode();
		}
		return this.mapper.treeToValue(result, resultType);
	}

	RuntimeException translate(String method, Throwable failure, Duration timeout) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		if (cause instanceof AcpAgentClientException clientException) {
			return clientException;
		}
		if (cause instanceof JsonRpcException rpc) {
			return new AcpAgentErrorException(this.client.name(), method, rpc.getError());
		}
		if (JsonRpcConnectionClosedException.isCause(cause)) {
			return closedException();
		}
		if (cause instanceof TimeoutException) {
			return new AcpAgentClientException(
					"Agent '" + this.client.name() + "' did not answer '" + method + "' within " + timeout);
		}
		if (cause instanceof CancellationException cancellation) {
			return cancellation;
		}
		return new AcpAgentClientException(
				"The call of '" + method + "' to agent '" + this.client.name() + "' failed: " + cause.getMessage(),
				cause);
	}

	AcpAgentClosedException closedException() {
		this.peerGone = true;
		AgentLink current = this.link;
		return new AcpAgentClosedException(this.client.name(), (current != null) ? current.exitCode() : null);
	}

	/**
	 * Close the connection: terminals first, then the link (which stops a spawned agent).
	 */
	void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		releaseTerminals();
		AgentLink current = this.link;
		if (current != null) {
			current.close();
		}
		endTurns(closedException());
		this.sessions.clear();
	}

	private void endTurns(AcpAgentClosedException failure) {
		this.sessions.values().forEach((session) -> session.connectionLost(failure));
	}

	private void releaseTerminals() {
		AcpClientTerminals current = this.terminals;
		if (current != null) {
			current.releaseAll();
		}
	}

	List<DefaultAcpAgentSession> sessions() {
		return List.copyOf(this.sessions.values());
	}

}

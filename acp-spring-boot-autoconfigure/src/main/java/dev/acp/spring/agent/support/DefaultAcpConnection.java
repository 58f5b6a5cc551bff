package dev.acp.spring.agent.support;

import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.session.AcpSession;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The state of one ACP connection.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class DefaultAcpConnection implements AcpConnection {

	private final JsonRpcConnection rpc;

	private final AcpClient client;

	private final Map<String, Object> attributes = new ConcurrentHashMap<>();

	private volatile boolean initialized;

	private volatile boolean authenticated;

	private volatile @Nullable Implementation clientInfo;

	private volatile ClientCapabilities clientCapabilities = ClientCapabilities.NONE;

	private volatile @Nullable Integer protocolVersion;

	private volatile ProtocolEdition edition = V1Edition.INSTANCE;

	private final Set<String> sessions = ConcurrentHashMap.newKeySet();

	private final @Nullable DefaultAcpSessions sessionSupport;

	private final Map<String, DefaultAcpSession> openSessions = new ConcurrentHashMap<>();

	private final String sessionOwner = UUID.randomUUID().toString();

	private volatile boolean closed;

	private final Object claimLock = new Object();

	DefaultAcpConnection(JsonRpcConnection rpc, AcpObservations observations) {
		this(rpc, observations, null);
	}

	DefaultAcpConnection(JsonRpcConnection rpc, AcpObservations observations,
			@Nullable DefaultAcpSessions sessionSupport) {
		this.rpc = rpc;
		this.sessionSupport = sessionSupport;
		this.client = new DefaultAcpClient(rpc, this, observations);
	}

	/**
	 * The sessions the starter keeps, or {@code null} when it keeps none.
	 */
	@Nullable DefaultAcpSessions sessionSupport() {
		return this.sessionSupport;
	}

	/**
	 * Who claims this connection's turns in the store: unique across instances.
	 */
	String sessionOwner() {
		return this.sessionOwner;
	}

	/**
	 * Whose sessions this connection creates and may open: the name of its principal, or
	 * {@code null} for the anonymous owner (a connection without a principal). A
	 * principal without a name is never the anonymous owner.
	 */
	@Nullable String sessionOwnerName() {
		Principal principal = this.rpc.principal();
		if (principal == null) {
			return null;
		}
		String name = principal.getName();
		return (name != null) ? name : "";
	}

	/**
	 * The connection ended: what its handlers change from now on is written when they
	 * complete.
	 */
	void closed() {
		this.closed = true;
	}

	boolean isClosed() {
		return this.closed;
	}

	/**
	 * Held while the claims of this connection's sessions are taken for a turn or
	 * released, so that no release drops the claim of a turn starting at that moment.
	 */
	Object claimLock() {
		return this.claimLock;
	}

	void sessionOpened(DefaultAcpSession session) {
		this.openSessions.put(session.id(), session);
		this.sessions.add(session.id());
	}

	@Nullable DefaultAcpSession openSession(String sessionId) {
		return this.openSessions.get(sessionId);
	}

	List<DefaultAcpSession> openSessions() {
		return List.copyOf(this.openSessions.values());
	}

	@Override
	public @Nullable AcpSession session(String sessionId) {
		return this.openSessions.get(sessionId);
	}

	/**
	 * Send a notification that is not recorded as session history (a replay).
	 */
	void sendUnrecorded(String method, Object params) {
		Object sent = this.edition.outbound(method, params, this.rpc.codec().mapper());
		if (sent != null) {
			this.rpc.notify(method, sent);
		}
	}

	/**
	 * The protocol version this connection speaks: v1 until {@code initialize} fixes it.
	 */
	ProtocolEdition edition() {
		return this.edition;
	}

	/**
	 * Record the params of a {@code session/update} sent on this connection.
	 */
	void sent(String method, @Nullable Object params) {
		DefaultAcpSessions support = this.sessionSupport;
		if (support != null && AcpMethods.SESSION_UPDATE.equals(method)) {
			support.record(this, params, this.rpc.codec().mapper());
		}
	}

	void initialized(@Nullable Implementation clientInfo, @Nullable ClientCapabilities clientCapabilities,
			ProtocolEdition edition) {
		this.edition = edition;
		this.protocolVersion = edition.version();
		this.clientInfo = clientInfo;
		this.clientCapabilities = (clientCapabilities != null) ? clientCapabilities : ClientCapabilities.NONE;
		this.initialized = true;
	}

	void sessionOpened(String sessionId) {
		this.sessions.add(sessionId);
	}

	@Nullable DefaultAcpSession sessionClosed(String sessionId) {
		this.sessions.remove(sessionId);
		return this.openSessions.remove(sessionId);
	}

	@Override
	public @Nullable Integer protocolVersion() {
		return this.protocolVersion;
	}

	@Override
	public Set<String> sessions() {
		return Set.copyOf(this.sessions);
	}

	@Override
	public int inFlightRequests() {
		return this.rpc.inFlightRequests();
	}

	@Override
	public String id() {
		return this.rpc.id();
	}

	@Override
	public String transport() {
		return this.rpc.transport();
	}

	void authenticated(boolean authenticated) {
		this.authenticated = authenticated;
	}

	@Override
	public boolean isInitialized() {
		return this.initialized;
	}

	@Override
	public boolean isAuthenticated() {
		return this.authenticated;
	}

	@Override
	public @Nullable Implementation clientInfo() {
		return this.clientInfo;
	}

	@Override
	public ClientCapabilities clientCapabilities() {
		return this.clientCapabilities;
	}

	@Override
	public @Nullable Principal principal() {
		return this.rpc.principal();
	}

	@Override
	public AcpClient client() {
		return this.client;
	}

	@Override
	public Map<String, Object> attributes() {
		return this.attributes;
	}

}

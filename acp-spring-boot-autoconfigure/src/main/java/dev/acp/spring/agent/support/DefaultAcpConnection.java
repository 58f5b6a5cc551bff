package dev.acp.spring.agent.support;

import java.security.Principal;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.Implementation;
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

	private final Set<String> sessions = ConcurrentHashMap.newKeySet();

	DefaultAcpConnection(JsonRpcConnection rpc, AcpObservations observations) {
		this.rpc = rpc;
		this.client = new DefaultAcpClient(rpc, this, observations);
	}

	void initialized(@Nullable Implementation clientInfo, @Nullable ClientCapabilities clientCapabilities,
			@Nullable Integer protocolVersion) {
		this.protocolVersion = protocolVersion;
		this.clientInfo = clientInfo;
		this.clientCapabilities = (clientCapabilities != null) ? clientCapabilities : ClientCapabilities.NONE;
		this.initialized = true;
	}

	void sessionOpened(String sessionId) {
		this.sessions.add(sessionId);
	}

	void sessionClosed(String sessionId) {
		this.sessions.remove(sessionId);
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

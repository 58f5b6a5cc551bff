package dev.acp.spring.agent.support;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import dev.acp.spring.agent.AcpAuthentication;
import dev.acp.spring.agent.AcpMcpServerPolicy;
import dev.acp.spring.agent.DefaultAcpMcpServerPolicy;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcHandler;
import dev.acp.spring.jsonrpc.JsonRpcHandlerFactory;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpSessionListener;
import dev.acp.spring.method.support.AcpMethodRegistry;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.InitializeResponse;
import org.jspecify.annotations.Nullable;

/**
 * The ACP agent: serves every connection a transport opens with the registered handlers,
 * answers {@code initialize} with the advertised capabilities.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpAgent implements JsonRpcHandlerFactory {

	/** The protocol version this agent speaks. */
	public static final int PROTOCOL_VERSION = 1;

	private final AcpMethodRegistry registry;

	private final AcpCapabilityAdvertiser advertiser;

	private final Implementation agentInfo;

	private final AcpAuthentication authentication;

	private final AcpObservations observations;

	private final Set<DefaultAcpConnection> connections = ConcurrentHashMap.newKeySet();

	private volatile @Nullable InitializeResponse initializeResponse;

	private volatile @Nullable Duration maxPromptDuration;

	private volatile ProtocolNegotiation negotiation = ProtocolNegotiation.V1_ONLY;

	private volatile @Nullable DefaultAcpSessions sessions;

	private volatile SessionListeners sessionListeners = SessionListeners.NONE;

	private volatile McpServerGate mcpServers = new McpServerGate(DefaultAcpMcpServerPolicy.networkClosed());

	/**
	 * Create an agent without authentication.
	 * @param registry the handlers
	 * @param advertiser the capability advertisement
	 * @param agentInfo the agent's name and version
	 */
	public AcpAgent(AcpMethodRegistry registry, AcpCapabilityAdvertiser advertiser, Implementation agentInfo) {
		this(registry, advertiser, agentInfo, AcpAuthentication.NONE);
	}

	/**
	 * Create an agent.
	 * @param registry the handlers
	 * @param advertiser the capability advertisement
	 * @param agentInfo the agent's name and version
	 * @param authentication the authentication asked of clients
	 */
	public AcpAgent(AcpMethodRegistry registry, AcpCapabilityAdvertiser advertiser, Implementation agentInfo,
			AcpAuthentication authentication) {
		this(registry, advertiser, agentInfo, authentication, AcpObservations.NONE);
	}

	/**
	 * Create an agent.
	 * @param registry the handlers
	 * @param advertiser the capability advertisement
	 * @param agentInfo the agent's name and version
	 * @param authentication the authentication asked of clients
	 * @param observations observations of the calls served and made
	 */
	public AcpAgent(AcpMethodRegistry registry, AcpCapabilityAdvertiser advertiser, Implementation agentInfo,
			AcpAuthentication authentication, AcpObservations observations) {
		this.registry = registry;
		this.advertiser = advertiser;
		this.agentInfo = agentInfo;
		this.authentication = authentication;
		this.observations = observations;
	}

	/**
	 * Bound every prompt turn: past {@code maxPromptDuration} a turn is answered -32800
	 * and its handler cancelled as by {@code session/cancel}.
	 * @param maxPromptDuration the longest a turn may run, or {@code null} for no limit
	 */
	public void setMaxPromptDuration(@Nullable Duration maxPromptDuration) {
		this.maxPromptDuration = maxPromptDuration;
	}

	/**
	 * Serve these protocol versions, each connection the highest at or below the one its
	 * {@code initialize} asks for. Set before the first connection opens; by default only
	 * version 1 is served.
	 * @param versions the versions, 1 and/or 2
	 * @throws IllegalArgumentException if empty or naming a version this agent cannot
	 * serve
	 */
	public void setProtocolVersions(Collection<Integer> versions) {
		this.negotiation = new ProtocolNegotiation(versions);
	}

	ProtocolNegotiation negotiation() {
		return this.negotiation;
	}

	@Nullable Duration maxPromptDuration() {
		return this.maxPromptDuration;
	}

	/**
	 * Keep sessions: record them, serve the session methods the application does not, and
	 * hand them to handlers. Set before the first connection opens.
	 * @param sessions the sessions, or {@code null} to keep none
	 */
	public void setSessions(@Nullable DefaultAcpSessions sessions) {
		this.sessions = sessions;
	}

	@Nullable DefaultAcpSessions sessions() {
		return this.sessions;
	}

	/**
	 * Decide with this policy which MCP servers clients may name, instead of
	 * {@link DefaultAcpMcpServerPolicy#networkClosed()}. Set before the first connection
	 * opens.
	 * @param policy the policy
	 */
	public void setMcpServerPolicy(AcpMcpServerPolicy policy) {
		this.mcpServers = new McpServerGate(policy);
	}

	/**
	 * Tell these listeners when a session is closed or deleted, or a connection ends. Set
	 * before the first connection opens.
	 * @param listeners the listeners, looked up at each event
	 */
	public void setSessionListeners(Supplier<List<AcpSessionListener>> listeners) {
		this.sessionListeners = new SessionListeners(listeners);
	}

	SessionListeners sessionListeners() {
		return this.sessionListeners;
	}

	McpServerGate mcpServers() {
		return this.mcpServers;
	}

	@Override
	public JsonRpcHandler createHandler(JsonRpcConnection connection) {
		AcpConnectionHandler handler = new AcpConnectionHandler(this, connection);
		this.connections.add(handler.connection());
		return handler;
	}

	void connectionClosed(DefaultAcpConnection connection) {
		this.connections.remove(connection);
	}

	/**
	 * The connections open now.
	 * @return a snapshot
	 */
	public List<AcpConnection> connections() {
		return List.copyOf(this.connections);
	}

	public AcpObservations observations() {
		return this.observations;
	}

	public AcpMethodRegistry registry() {
		return this.registry;
	}

	public Implementation agentInfo() {
		return this.agentInfo;
	}

	public AcpAuthentication authentication() {
		return this.authentication;
	}

	/**
	 * The answer to {@code initialize}, the same for every connection.
	 * @return the response
	 */
	public InitializeResponse initializeResponse() {
		InitializeResponse response = this.initializeResponse;
		if (response == null) {
			response = new InitializeResponse(PROTOCOL_VERSION, this.advertiser.capabilities(),
					this.authentication.methods(), this.agentInfo, null);
			this.initializeResponse = response;
		}
		return response;
	}

	/**
	 * The answer to {@code initialize} on one connection: the MCP server transports
	 * advertised narrowed to what the policy may allow on it.
	 * @param connection the connection
	 * @return the response
	 */
	InitializeResponse initializeResponse(AcpConnection connection) {
		return this.mcpServers.advertise(initializeResponse(), connection);
	}

	List<String> missingRequiredExtensions(@Nullable ClientCapabilities capabilities) {
		List<String> required = this.advertiser.requiredExtensions();
		if (required.isEmpty()) {
			return List.of();
		}
		ClientCapabilities actual = (capabilities != null) ? capabilities : ClientCapabilities.NONE;
		return required.stream().filter((namespace) -> actual.extension(namespace) == null).toList();
	}

}

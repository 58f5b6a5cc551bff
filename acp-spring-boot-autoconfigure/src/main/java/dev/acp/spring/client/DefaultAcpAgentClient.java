package dev.acp.spring.client;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.AuthenticateRequest;
import dev.acp.spring.protocol.AuthMethod;
import dev.acp.spring.protocol.AuthenticateResponse;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.FileSystemCapabilities;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.LoadSessionRequest;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.v2.LoginAuthRequest;
import dev.acp.spring.protocol.v2.ReplayFrom;
import dev.acp.spring.protocol.v2.ResumeSessionRequest;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.util.ClassUtils;

/**
 * The client of one agent: connects on first use, and again once the agent went away.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DefaultAcpAgentClient implements AcpAgentClient {

	private static final Log logger = LogFactory.getLog(DefaultAcpAgentClient.class);

	private static final String V2_AUTH_LOGIN = "auth/login";

	private static final String WEBSOCKET_CLIENT_CLASS = "org.springframework.web.socket.client.standard.StandardWebSocketClient";

	private static final String WEBSOCKET_CONTAINER_CLASS = "jakarta.websocket.ContainerProvider";

	private final String name;

	private final @Nullable String command;

	private final List<String> args;

	private final Map<String, String> env;

	private final @Nullable Path workingDirectory;

	private final @Nullable URI url;

	private final Map<String, String> headers;

	private final Implementation clientInfo;

	private final Duration requestTimeout;

	private final Duration promptTimeout;

	private final Duration shutdownGracePeriod;

	private final int maxMessageSize;

	private final int protocolVersion;

	private final ClientServices services;

	private final JsonRpcCodec codec;

	private final ExecutorService executor;

	private final Object monitor = new Object();

	private volatile @Nullable AgentConnection current;

	private volatile boolean closed;

	DefaultAcpAgentClient(AcpAgentClient.Builder builder) {
		this.name = builder.name;
		this.command = builder.command;
		this.args = List.copyOf(builder.args);
		this.env = Map.copyOf(builder.env);
		this.workingDirectory = builder.workingDirectory;
		this.url = builder.url;
		this.headers = Map.copyOf(builder.headers);
		this.clientInfo = builder.clientInfo;
		this.requestTimeout = builder.requestTimeout;
		this.promptTimeout = builder.promptTimeout;
		this.shutdownGracePeriod = builder.shutdownGracePeriod;
		this.maxMessageSize = builder.maxMessageSize;
		this.protocolVersion = builder.protocolVersion;
		boolean remote = builder.url != null;
		AcpClientTerminals.Factory terminals = builder.terminalsSet ? builder.terminals
				: (remote ? null : AcpClientTerminals.processes());
		boolean fileWrites = (builder.fileWrites != null) ? builder.fileWrites : !remote;
		this.services = new ClientServices(builder.permissionPolicy, builder.fileSystem, fileWrites, terminals,
				builder.extensions);
		JsonMapper mapper = (builder.jsonMapper != null) ? builder.jsonMapper
				: dev.acp.spring.protocol.AcpJsonMapper.create();
		this.codec = new JsonRpcCodec(mapper);
		this.executor = Executors.newCachedThreadPool(threads("acp-agent-" + this.name + "-"));
	}

	private static ThreadFactory threads(String prefix) {
		AtomicInteger count = new AtomicInteger();
		return (task) -> {
			Thread thread = new Thread(task, prefix + count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		};
	}

	@Override
	public String name() {
		return this.name;
	}

	Duration requestTimeout() {
		return this.requestTimeout;
	}

	Duration promptTimeout() {
		return this.promptTimeout;
	}

	ExecutorService executor() {
		return this.executor;
	}

	/**
	 * The client capabilities: what this client serves.
	 * @return the capabilities
	 */
	ClientCapabilities clientCapabilities() {
		boolean fs = this.services.fileSystem() != null;
		Map<String, Object> meta = this.services.extensions().advertisement();
		Boolean writes = (this.services.fileWrites()) ? Boolean.TRUE : null;
		return new ClientCapabilities(fs ? new FileSystemCapabilities(true, writes, null) : null,
				(this.services.terminals() != null) ? Boolean.TRUE : null, null, null, null,
				meta.isEmpty() ? null : meta);
	}

	@Override
	public InitializeResponse connect() {
		return open().initializeResponse();
	}

	@Override
	public boolean isConnected() {
		AgentConnection connection = this.current;
		return connection != null && connection.isOpen();
	}

	private AgentConnection open() {
		AgentConnection connection = this.current;
		if (connection != null && connection.isOpen()) {
			return connection;
		}
		synchronized (this.monitor) {
			if (this.closed) {
				throw new AcpAgentClosedException(this.name, null);
			}
			connection = this.current;
			if (connection != null && connection.isOpen()) {
				return connection;
			}
			if (connection != null) {
				connection.close();
			}
			connection = start();
			this.current = connection;
			return connection;
		}
	}

	private AgentConnection start() {
		AcpClientTerminals.Factory terminals = this.services.terminals();
		AgentConnection connection = new AgentConnection(this, this.codec.mapper(),
				(terminals != null) ? terminals.create() : null);
		AtomicReference<ClientHandler> handler = new AtomicReference<>();
		JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(this.codec, this.executor, this.executor,
				this.requestTimeout, (rpc) -> {
					ClientHandler created = new ClientHandler(connection, this.services);
					handler.set(created);
					return created;
				});
		factory.setOrderedAnswers(true);
		URI url = this.url;
		AgentLink link = (url != null) ? connectRemote(url, factory)
				: ProcessAgentLink.spawn(this.name, Objects.requireNonNull(this.command, "command"), this.args,
						this.env, this.workingDirectory, factory, this.maxMessageSize, this.shutdownGracePeriod);
		connection.linked(link);
		try {
			JsonNode answer = await(connection.call(AcpMethods.INITIALIZE,
					ProtocolHandshake.request(this.protocolVersion, clientCapabilities(), this.clientInfo),
					JsonNode.class, this.requestTimeout));
			InitializeResponse response = ProtocolHandshake.answer(this.name, this.protocolVersion,
					(answer != null) ? answer : this.codec.mapper().createObjectNode(), this.codec.mapper());
			connection.initialized(response, response.protocolVersion());
			if (logger.isDebugEnabled()) {
				logger.debug("Connected to agent '" + this.name + "' in ACP v" + response.protocolVersion() + ": "
						+ response.agentInfo());
			}
			return connection;
		}
		catch (RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	private AgentLink connectRemote(URI url, JsonRpcConnectionFactory factory) {
		if ("http".equalsIgnoreCase(url.getScheme()) || "https".equalsIgnoreCase(url.getScheme())) {
			return HttpAgentLink.connect(this.name, url, this.headers, factory, this.maxMessageSize,
					this.requestTimeout, this.executor);
		}
		return connectWebSocket(url, factory);
	}

	private AgentLink connectWebSocket(URI url, JsonRpcConnectionFactory factory) {
		ClassLoader classLoader = getClass().getClassLoader();
		if (!ClassUtils.isPresent(WEBSOCKET_CLIENT_CLASS, classLoader)
				|| !ClassUtils.isPresent(WEBSOCKET_CONTAINER_CLASS, classLoader)) {
			throw new AcpAgentClientException("Agent '" + this.name + "' at " + url
					+ " needs spring-websocket and a WebSocket client implementation (such as tomcat-embed-websocket,"
					+ " in spring-boot-starter-websocket) on the class path");
		}
		return WebSocketAgentLink.connect(this.name, url, this.headers, factory, this.maxMessageSize,
				this.requestTimeout);
	}

	@Override
	public AuthenticateResponse authenticate(String methodId) {
		AgentConnection connection = open();
		List<AuthMethod> methods = connection.initializeResponse().authMethods();
		if (methods != null && methods.stream()
			.anyMatch((method) -> method instanceof AuthMethod.Terminal terminal && methodId.equals(terminal.id()))) {
			throw new IllegalArgumentException("Auth method '" + methodId
					+ "' is a terminal method: the user runs the agent's login in a terminal, it is never passed to authenticate");
		}
		if (connection.protocolVersion() == 2) {
			return await(connection.call(V2_AUTH_LOGIN, new LoginAuthRequest(methodId), AuthenticateResponse.class,
					this.requestTimeout));
		}
		return await(connection.call(AcpMethods.AUTHENTICATE, new AuthenticateRequest(methodId),
				AuthenticateResponse.class, this.requestTimeout));
	}

	@Override
	public AcpAgentSession newSession(Path cwd, List<McpServer> mcpServers) {
		Path directory = cwd.toAbsolutePath().normalize();
		AgentConnection connection = open();
		Object request = (connection.protocolVersion() == 2)
				? new dev.acp.spring.protocol.v2.NewSessionRequest(directory.toString(), null, v2McpServers(mcpServers),
						null)
				: new NewSessionRequest(directory.toString(), null, mcpServers, null);
		NewSessionResponse response = await(
				connection.call(AcpMethods.SESSION_NEW, request, NewSessionResponse.class, this.requestTimeout));
		DefaultAcpAgentSession session = new DefaultAcpAgentSession(connection, response.sessionId(), directory,
				response.modes(), response.configOptions(), null);
		connection.register(session);
		return session;
	}

	@Override
	public AcpAgentSession loadSession(String sessionId, Path cwd, Consumer<SessionUpdate> onUpdate) {
		Path directory = cwd.toAbsolutePath().normalize();
		AgentConnection connection = open();
		AgentCapabilities capabilities = connection.initializeResponse().agentCapabilities();
		if (capabilities == null || !Boolean.TRUE.equals(capabilities.loadSession())) {
			throw new AcpAgentCapabilityException(this.name, "loadSession", AcpMethods.SESSION_LOAD);
		}
		DefaultAcpAgentSession session = new DefaultAcpAgentSession(connection, sessionId, directory, null, null,
				onUpdate);
		connection.register(session);
		try {
			LoadSessionResponse response = (connection.protocolVersion() == 2)
					? await(connection.call(AcpMethods.SESSION_RESUME,
							new ResumeSessionRequest(sessionId, directory.toString(), null, null,
									new ReplayFrom.Start(), null),
							LoadSessionResponse.class, this.requestTimeout))
					: await(connection.call(AcpMethods.SESSION_LOAD,
							new LoadSessionRequest(List.of(), directory.toString(), sessionId),
							LoadSessionResponse.class, this.requestTimeout));
			session.started(response.modes(), response.configOptions());
			return session;
		}
		catch (RuntimeException ex) {
			connection.unregister(session);
			throw ex;
		}
	}

	/**
	 * The MCP servers in v2's shape: a stdio server names its {@code type}.
	 */
	private List<dev.acp.spring.protocol.v2.McpServer> v2McpServers(List<McpServer> mcpServers) {
		ObjectMapper mapper = this.codec.mapper();
		List<dev.acp.spring.protocol.v2.McpServer> servers = new ArrayList<>();
		for (McpServer server : mcpServers) {
			ObjectNode tree = mapper.valueToTree(server);
			if (!tree.has("type")) {
				tree.put("type", "stdio");
			}
			servers.add(mapper.treeToValue(tree, dev.acp.spring.protocol.v2.McpServer.class));
		}
		return servers;
	}

	@Override
	public <T> T request(String method, @Nullable Object params, Class<T> resultType) {
		AgentConnection connection = open();
		checkAdvertised(connection, method);
		return await(connection.call(method, params, resultType, this.requestTimeout));
	}

	@Override
	public void notify(String method, @Nullable Object params) {
		AgentConnection connection = open();
		checkAdvertised(connection, method);
		connection.notify(method, params);
	}

	private void checkAdvertised(AgentConnection connection, String method) {
		if (!AcpMethods.isExtension(method)) {
			throw new IllegalArgumentException("'" + method + "' is not an extension method (starting with '_');"
					+ " use the typed methods of AcpAgentClient and AcpAgentSession for core ACP calls");
		}
		String namespace = AcpMethods.namespaceOf(method);
		AgentCapabilities capabilities = connection.initializeResponse().agentCapabilities();
		Map<String, Object> meta = (capabilities != null) ? capabilities.meta() : null;
		if (meta == null || !isAdvertised(meta, namespace, method)) {
			throw new AcpAgentCapabilityException(this.name, "_meta." + namespace, method);
		}
	}

	private static boolean isAdvertised(Map<String, Object> meta, String namespace, String method) {
		if (meta.containsKey(namespace)) {
			return true;
		}
		for (String key : meta.keySet()) {
			if (method.startsWith("_" + key + "/")) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The open connection, if any (for tests and the lifecycle).
	 * @return the connection or {@code null}
	 */
	@Nullable AgentConnection currentConnection() {
		return this.current;
	}

	@Override
	public void close() {
		AgentConnection connection;
		synchronized (this.monitor) {
			if (this.closed) {
				return;
			}
			this.closed = true;
			connection = this.current;
		}
		if (connection != null) {
			connection.close();
		}
		this.executor.shutdownNow();
	}

	static <T> T await(CompletableFuture<T> future) {
		try {
			return future.join();
		}
		catch (CompletionException ex) {
			Throwable cause = ex.getCause();
			if (cause instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw ex;
		}
	}

	@Override
	public String toString() {
		return "AcpAgentClient '" + this.name + "' ("
				+ ((this.url != null) ? this.url : this.command + " " + String.join(" ", this.args)) + ")";
	}

}

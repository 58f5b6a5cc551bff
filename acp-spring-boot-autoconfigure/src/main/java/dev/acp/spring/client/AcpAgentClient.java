package dev.acp.spring.client;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import dev.acp.spring.protocol.AuthMethod;
import dev.acp.spring.protocol.AuthenticateResponse;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.SessionUpdate;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.util.Assert;

/**
 * A connection to one ACP agent, spawned over stdio or reached over WebSocket or
 * Streamable HTTP. It connects and initializes itself on first use, and again after the
 * agent went away: it asks for protocol version 2 (ACP v2, Preview; see
 * {@link Builder#protocolVersion(int)}) and speaks the version the agent answers, 1 or 2,
 * with the same API (v1 model records) in both; the application is the
 * {@code clientInfo}, and the client capabilities it serves are advertised. Get one from
 * {@link AcpAgents}, or build one with {@link #builder()}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpAgentClient extends AutoCloseable {

	/** ACP v1, the protocol version every agent speaks. */
	int PROTOCOL_VERSION = 1;

	/**
	 * The name of the agent (its key under {@code acp.agents}).
	 * @return the name
	 */
	String name();

	/**
	 * Connect and initialize now, unless connected already.
	 * @return the agent's answer to {@code initialize} (a v2 agent's in the v1 model,
	 * with {@code protocolVersion} 2)
	 * @throws AcpProtocolVersionException if the agent answers a version this client did
	 * not ask for, or one below 1
	 */
	InitializeResponse connect();

	/**
	 * Whether a connection is open.
	 * @return whether connected
	 */
	boolean isConnected();

	/**
	 * The agent's answer to {@code initialize} (connecting first if needed).
	 * @return the answer
	 */
	default InitializeResponse initializeResponse() {
		return connect();
	}

	/**
	 * The protocol version negotiated with the agent (connecting first if needed).
	 * @return 1, or 2 when the agent speaks ACP v2 and it was asked for
	 */
	default int protocolVersion() {
		return initializeResponse().protocolVersion();
	}

	/**
	 * The authentication methods the agent offers.
	 * @return the methods, empty when none
	 */
	default List<AuthMethod> authMethods() {
		List<AuthMethod> methods = initializeResponse().authMethods();
		return (methods != null) ? methods : List.of();
	}

	/**
	 * Authenticate with one of the agent's methods ({@code authenticate}, on v2
	 * {@code auth/login}).
	 * @param methodId the method id
	 * @return the answer
	 * @throws IllegalArgumentException if the agent offers it as a terminal method (one
	 * the user runs in a terminal, never passed to {@code authenticate})
	 */
	AuthenticateResponse authenticate(String methodId);

	/**
	 * Start a session in a working directory.
	 * @param cwd the directory
	 * @return the session
	 */
	default AcpAgentSession newSession(Path cwd) {
		return newSession(cwd, List.of());
	}

	/**
	 * Start a session in a working directory with MCP servers.
	 * @param cwd the directory
	 * @param mcpServers the MCP servers the agent should connect to
	 * @return the session
	 */
	AcpAgentSession newSession(Path cwd, List<McpServer> mcpServers);

	/**
	 * Resume a session the agent keeps ({@code session/load}, on v2
	 * {@code session/resume} with {@code replayFrom: {type: "start"}}): the agent replays
	 * its history as updates, delivered to {@code onUpdate} before this method returns.
	 * @param sessionId the session
	 * @param cwd the working directory
	 * @param onUpdate receives the replayed updates and, later, those outside turns
	 * @return the session
	 * @throws AcpAgentCapabilityException if the agent does not advertise
	 * {@code loadSession}
	 */
	AcpAgentSession loadSession(String sessionId, Path cwd, Consumer<SessionUpdate> onUpdate);

	/**
	 * Call an extension method of the agent, after checking that the agent advertised its
	 * namespace in {@code agentCapabilities._meta}.
	 * @param <T> the result type
	 * @param method the method, starting with {@code _}
	 * @param params the params (any Jackson-writable value), or {@code null}
	 * @param resultType the result type
	 * @return the result
	 * @throws AcpAgentCapabilityException if the agent did not advertise the namespace
	 */
	<T> T request(String method, @Nullable Object params, Class<T> resultType);

	/**
	 * Send an extension notification to the agent, after checking that the agent
	 * advertised its namespace.
	 * @param method the method, starting with {@code _}
	 * @param params the params, or {@code null}
	 * @throws AcpAgentCapabilityException if the agent did not advertise the namespace
	 */
	void notify(String method, @Nullable Object params);

	/**
	 * Close the connection: a spawned agent is stopped (its input closed, then SIGTERM
	 * after the grace period, then SIGKILL), terminals are killed.
	 */
	@Override
	void close();

	/**
	 * Start building a client in code.
	 * @return a builder
	 */
	static Builder builder() {
		return new Builder();
	}

	/**
	 * Builds an {@link AcpAgentClient}: either a command to spawn or a remote agent's URL
	 * (WebSocket or Streamable HTTP).
	 */
	final class Builder {

		/** The highest protocol version the client speaks, ACP v2 (Preview). */
		private static final int HIGHEST_PROTOCOL_VERSION = 2;

		private static final Set<String> REMOTE_SCHEMES = Set.of("ws", "wss", "http", "https");

		String name = "agent";

		@Nullable String command;

		List<String> args = new ArrayList<>();

		Map<String, String> env = new LinkedHashMap<>();

		@Nullable Path workingDirectory;

		@Nullable URI url;

		Map<String, String> headers = new LinkedHashMap<>();

		Implementation clientInfo = new Implementation("acp-client", "0.0.0");

		Duration requestTimeout = Duration.ofMinutes(1);

		Duration promptTimeout = Duration.ofHours(1);

		Duration shutdownGracePeriod = Duration.ofSeconds(5);

		int maxMessageSize = 16 * 1024 * 1024;

		AcpPermissionPolicy permissionPolicy = AcpPermissionPolicy.REJECT;

		@Nullable AcpClientFileSystem fileSystem = AcpClientFileSystem.confined();

		@Nullable Boolean fileWrites;

		AcpClientTerminals.@Nullable Factory terminals;

		boolean terminalsSet;

		AcpClientExtensions extensions = AcpClientExtensions.NONE;

		@Nullable JsonMapper jsonMapper;

		int protocolVersion = HIGHEST_PROTOCOL_VERSION;

		Builder() {
		}

		/**
		 * The highest protocol version to ask the agent for: 2 (the default; ACP v2,
		 * Preview), and the client continues in 1 with an agent that answers 1; or 1, to
		 * speak v1 whatever the agent offers.
		 * @param protocolVersion 1 or 2
		 * @return this builder
		 */
		public Builder protocolVersion(int protocolVersion) {
			Assert.isTrue(protocolVersion >= PROTOCOL_VERSION && protocolVersion <= HIGHEST_PROTOCOL_VERSION,
					() -> "The protocol version to ask for must be 1 or 2, not " + protocolVersion);
			this.protocolVersion = protocolVersion;
			return this;
		}

		/**
		 * The mapper of protocol messages, configured like the agent side's (see
		 * {@link dev.acp.spring.protocol.AcpJsonMapper}); one is created when not given.
		 * @param jsonMapper the mapper
		 * @return this builder
		 */
		public Builder jsonMapper(JsonMapper jsonMapper) {
			this.jsonMapper = jsonMapper;
			return this;
		}

		/**
		 * The name of the agent, used in messages and as the logger of its standard error
		 * ({@code dev.acp.spring.client.agent.<name>}).
		 * @param name the name
		 * @return this builder
		 */
		public Builder name(String name) {
			this.name = name;
			return this;
		}

		/**
		 * Spawn the agent with this command and arguments, talking NDJSON over its
		 * standard input and output.
		 * @param command the executable
		 * @param args its arguments
		 * @return this builder
		 */
		public Builder command(String command, String... args) {
			return command(command, List.of(args));
		}

		public Builder command(String command, List<String> args) {
			this.command = command;
			this.args = new ArrayList<>(args);
			return this;
		}

		/**
		 * Add to the environment of the spawned agent (it inherits the application's).
		 * @param env the variables
		 * @return this builder
		 */
		public Builder env(Map<String, String> env) {
			this.env.putAll(env);
			return this;
		}

		public Builder workingDirectory(@Nullable Path workingDirectory) {
			this.workingDirectory = workingDirectory;
			return this;
		}

		/**
		 * Connect to a remote agent instead of spawning one: over WebSocket
		 * ({@code ws://}, {@code wss://}) or ACP's Streamable HTTP ({@code http://},
		 * {@code https://}).
		 * @param url the agent's endpoint
		 * @return this builder
		 */
		public Builder url(URI url) {
			Assert.isTrue(REMOTE_SCHEMES.contains(url.getScheme()),
					() -> "An agent URL must be ws://, wss://, http:// or https://, not '" + url + "'");
			this.url = url;
			return this;
		}

		/**
		 * Add headers to the WebSocket handshake, or to every HTTP request of a
		 * Streamable HTTP agent (such as {@code Authorization}).
		 * @param headers the headers
		 * @return this builder
		 */
		public Builder headers(Map<String, String> headers) {
			this.headers.putAll(headers);
			return this;
		}

		/**
		 * The {@code clientInfo} sent in {@code initialize}.
		 * @param clientInfo the name and version of this application
		 * @return this builder
		 */
		public Builder clientInfo(Implementation clientInfo) {
			this.clientInfo = clientInfo;
			return this;
		}

		/**
		 * How long to wait for the answer to a call other than a prompt turn.
		 * @param requestTimeout the timeout
		 * @return this builder
		 */
		public Builder requestTimeout(Duration requestTimeout) {
			this.requestTimeout = requestTimeout;
			return this;
		}

		/**
		 * How long to wait for a prompt turn to end.
		 * @param promptTimeout the timeout
		 * @return this builder
		 */
		public Builder promptTimeout(Duration promptTimeout) {
			this.promptTimeout = promptTimeout;
			return this;
		}

		/**
		 * How long a spawned agent may take to exit once its input is closed, before it
		 * is sent SIGTERM, and again before SIGKILL.
		 * @param shutdownGracePeriod the grace period
		 * @return this builder
		 */
		public Builder shutdownGracePeriod(Duration shutdownGracePeriod) {
			this.shutdownGracePeriod = shutdownGracePeriod;
			return this;
		}

		/**
		 * The longest message accepted from the agent, in bytes.
		 * @param maxMessageSize the bound
		 * @return this builder
		 */
		public Builder maxMessageSize(int maxMessageSize) {
			this.maxMessageSize = maxMessageSize;
			return this;
		}

		/**
		 * Whether to serve {@code fs/write_text_file} (and advertise
		 * {@code writeTextFile}); each write still needs the permission policy's
		 * {@link AcpPermissionPolicy#allowsWrite}. By default served to a spawned agent,
		 * not to a remote one.
		 * @param fileWrites whether to serve writes
		 * @return this builder
		 */
		public Builder fileWrites(boolean fileWrites) {
			this.fileWrites = fileWrites;
			return this;
		}

		/**
		 * Decides permission requests, and each write and command of the agent; by
		 * default {@link AcpPermissionPolicy#REJECT}.
		 * @param permissionPolicy the policy
		 * @return this builder
		 */
		public Builder permissionPolicy(AcpPermissionPolicy permissionPolicy) {
			this.permissionPolicy = permissionPolicy;
			return this;
		}

		/**
		 * Serve {@code fs/*} with this file system, or not at all ({@code null}); the
		 * {@code fs} capability follows.
		 * @param fileSystem the file system, or {@code null}
		 * @return this builder
		 */
		public Builder fileSystem(@Nullable AcpClientFileSystem fileSystem) {
			this.fileSystem = fileSystem;
			return this;
		}

		/**
		 * Serve {@code terminal/*} with these terminals, or not at all ({@code null});
		 * the {@code terminal} capability follows, and each command still needs the
		 * permission policy's {@link AcpPermissionPolicy#allowsCommand}. By default
		 * {@link AcpClientTerminals#processes()} for a spawned agent, none for a remote
		 * one.
		 * @param terminals the factory of each connection's terminals, or {@code null}
		 * @return this builder
		 */
		public Builder terminals(AcpClientTerminals.@Nullable Factory terminals) {
			this.terminals = terminals;
			this.terminalsSet = true;
			return this;
		}

		/**
		 * Serve client extension methods ({@code @AcpClientSide} beans).
		 * @param extensions the extensions
		 * @return this builder
		 */
		public Builder extensions(AcpClientExtensions extensions) {
			this.extensions = extensions;
			return this;
		}

		/**
		 * Build the client; it connects on first use.
		 * @return the client
		 */
		public AcpAgentClient build() {
			Assert.state(this.command != null || this.url != null,
					() -> "Agent '" + this.name + "' needs a command to spawn or a url to connect to");
			Assert.state(this.command == null || this.url == null,
					() -> "Agent '" + this.name + "' has both a command and a url; choose one");
			return new DefaultAcpAgentClient(this);
		}

	}

}

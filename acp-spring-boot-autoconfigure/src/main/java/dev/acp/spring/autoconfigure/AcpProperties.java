package dev.acp.spring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration of an ACP agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp")
public class AcpProperties {

	/**
	 * Transport the agent is served over. Unset: stdio, or none in an application that
	 * names agents it drives (acp.agents.*) and so is their client.
	 */
	private Transport transport = Transport.STDIO;

	/**
	 * Longest a handler may run for one request; past it the request is answered with an
	 * internal error and the handler's thread is interrupted. Zero or negative: no limit.
	 */
	private Duration requestTimeout = Duration.ofHours(1);

	/**
	 * Longest a cancelled handler may take to return (session/cancel, $/cancel_request,
	 * or a turn past max-prompt-duration); past it a prompt turn not answered yet is
	 * answered stopReason "cancelled", the handler's thread is interrupted again,
	 * anything it still sends is dropped, and the session's next turn runs.
	 */
	private Duration cancelGracePeriod = Duration.ofSeconds(10);

	/**
	 * Longest a prompt turn may run; past it the turn is answered -32800 (request
	 * cancelled) and its handler is cancelled as by session/cancel. Zero or unset: no
	 * limit.
	 */
	private Duration maxPromptDuration;

	private final Agent agent = new Agent();

	private final Stdio stdio = new Stdio();

	private final Local local = new Local();

	private final Client client = new Client();

	private final Websocket websocket = new Websocket();

	private final Http http = new Http();

	private final Auth auth = new Auth();

	private final HealthExtension healthExtension = new HealthExtension();

	private final Observations observations = new Observations();

	/**
	 * Extension metadata by namespace (for example "example.com/analytics"), advertised
	 * in agentCapabilities._meta.
	 */
	private Map<String, Extension> extensions = new LinkedHashMap<>();

	public Duration getRequestTimeout() {
		return this.requestTimeout;
	}

	public void setRequestTimeout(Duration requestTimeout) {
		this.requestTimeout = requestTimeout;
	}

	public Duration getCancelGracePeriod() {
		return this.cancelGracePeriod;
	}

	public void setCancelGracePeriod(Duration cancelGracePeriod) {
		this.cancelGracePeriod = cancelGracePeriod;
	}

	public Duration getMaxPromptDuration() {
		return this.maxPromptDuration;
	}

	public void setMaxPromptDuration(Duration maxPromptDuration) {
		this.maxPromptDuration = maxPromptDuration;
	}

	public Transport getTransport() {
		return this.transport;
	}

	public void setTransport(Transport transport) {
		this.transport = transport;
	}

	public Http getHttp() {
		return this.http;
	}

	public Agent getAgent() {
		return this.agent;
	}

	public Local getLocal() {
		return this.local;
	}

	public Stdio getStdio() {
		return this.stdio;
	}

	public Client getClient() {
		return this.client;
	}

	public HealthExtension getHealthExtension() {
		return this.healthExtension;
	}

	public Observations getObservations() {
		return this.observations;
	}

	public Auth getAuth() {
		return this.auth;
	}

	public Websocket getWebsocket() {
		return this.websocket;
	}

	public Map<String, Extension> getExtensions() {
		return this.extensions;
	}

	public void setExtensions(Map<String, Extension> extensions) {
		this.extensions = extensions;
	}

	/**
	 * The warm agent a launcher starts ({@code acp.transport=local}). Each launcher's
	 * connection is framed as stdio is, with the acp.stdio line length, drain and send
	 * limits.
	 */
	public static class Local {

		/**
		 * Unix domain socket the agent serves launchers on; its directory should be
		 * private to the user (the launcher creates it so).
		 */
		private Path socket;

		/**
		 * File the agent writes its process id to while it serves (the launcher's --stop
		 * and --status read it).
		 */
		private Path pidFile;

		/**
		 * File the agent writes why it failed to start to (Boot's failure analysis), for
		 * the launcher to answer the editor's initialize with.
		 */
		private Path failureFile;

		/**
		 * How long the agent stays up without a connection before it exits.
		 */
		private Duration idleTimeout = Duration.ofMinutes(10);

		public Path getSocket() {
			return this.socket;
		}

		public void setSocket(Path socket) {
			this.socket = socket;
		}

		public Path getPidFile() {
			return this.pidFile;
		}

		public void setPidFile(Path pidFile) {
			this.pidFile = pidFile;
		}

		public Path getFailureFile() {
			return this.failureFile;
		}

		public void setFailureFile(Path failureFile) {
			this.failureFile = failureFile;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

	}

	/**
	 * Transports an agent can be served over.
	 */
	public enum Transport {

		/**
		 * Newline-delimited JSON on standard input and output (an editor spawns the
		 * agent).
		 */
		STDIO,

		/**
		 * WebSocket endpoint in a servlet web application.
		 */
		WEBSOCKET,

		/**
		 * Streamable HTTP and WebSocket upgrades on one endpoint
		 * ({@code acp.websocket.path}) in a servlet web application.
		 */
		HTTP,

		/**
		 * A warm agent serving launchers over a Unix domain socket
		 * ({@code acp.local.socket}), each launcher one connection; the launcher starts
		 * the agent this way.
		 */
		LOCAL,

		/**
		 * No transport (tests, or a transport of the application's own).
		 */
		NONE

	}

	/**
	 * How the agent names itself in the {@code initialize} answer ({@code agentInfo}).
	 */
	public static class Agent {

		/**
		 * Name of the agent in the initialize answer. Defaults to
		 * spring.application.name.
		 */
		private String name;

		/**
		 * Version of the agent in the initialize answer. Defaults to the application's
		 * version.
		 */
		private String version;

		/**
		 * Human-readable title of the agent in the initialize answer.
		 */
		private String title;

		public String getName() {
			return this.name;
		}

		public void setName(String name) {
			this.name = name;
		}

		public String getVersion() {
			return this.version;
		}

		public void setVersion(String version) {
			this.version = version;
		}

		public String getTitle() {
			return this.title;
		}

		public void setTitle(String title) {
			this.title = title;
		}

	}

	/**
	 * Authentication the agent asks of its clients.
	 */
	public static class Auth {

		/**
		 * Authentication methods advertised in the initialize answer, in order; an
		 * "@AcpMethod("authenticate")" handler serves them.
		 */
		private List<Method> methods = new ArrayList<>();

		/**
		 * Whether every call but initialize and authenticate needs a successful
		 * authenticate on its connection first (answered -32000 otherwise). Defaults to
		 * true when methods are configured.
		 */
		private Boolean required;

		public List<Method> getMethods() {
			return this.methods;
		}

		public void setMethods(List<Method> methods) {
			this.methods = methods;
		}

		public Boolean getRequired() {
			return this.required;
		}

		public void setRequired(Boolean required) {
			this.required = required;
		}

		/**
		 * One authentication method advertised in {@code authMethods}.
		 */
		public static class Method {

			/**
			 * Id of the method, sent back in authenticate's methodId.
			 */
			private String id;

			/**
			 * Human-readable name of the method.
			 */
			private String name;

			/**
			 * Human-readable description of the method.
			 */
			private String description;

			public String getId() {
				return this.id;
			}

			public void setId(String id) {
				this.id = id;
			}

			public String getName() {
				return this.name;
			}

			public void setName(String name) {
				this.name = name;
			}

			public String getDescription() {
				return this.description;
			}

			public void setDescription(String description) {
				this.description = description;
			}

		}

	}

	/**
	 * The stdio transport ({@code acp.transport=stdio}).
	 */
	public static class Stdio {

		/**
		 * Longest accepted message line; a longer line is answered with an error and
		 * skipped.
		 */
		private DataSize maxLineLength = DataSize.ofMegabytes(32);

		/**
		 * How long in-flight requests may finish once standard input closed or the
		 * application stops; the rest are answered as cancelled.
		 */
		private Duration drainTimeout = Duration.ofSeconds(10);

		/**
		 * How long a write to standard output may stay blocked (the client does not read
		 * it) before the client is treated as gone and the connection closes as at end of
		 * input; zero for no limit.
		 */
		private Duration sendTimeLimit = Duration.ofSeconds(60);

		/**
		 * Whether the process exits once standard input closed and the context closed.
		 */
		private boolean exitOnClose = true;

		public DataSize getMaxLineLength() {
			return this.maxLineLength;
		}

		public void setMaxLineLength(DataSize maxLineLength) {
			this.maxLineLength = maxLineLength;
		}

		public Duration getDrainTimeout() {
			return this.drainTimeout;
		}

		public void setDrainTimeout(Duration drainTimeout) {
			this.drainTimeout = drainTimeout;
		}

		public boolean isExitOnClose() {
			return this.exitOnClose;
		}

		public void setExitOnClose(boolean exitOnClose) {
			this.exitOnClose = exitOnClose;
		}

		public Duration getSendTimeLimit() {
			return this.sendTimeLimit;
		}

		public void setSendTimeLimit(Duration sendTimeLimit) {
			this.sendTimeLimit = sendTimeLimit;
		}

	}

	/**
	 * The WebSocket transport ({@code acp.transport=websocket}).
	 */
	public static class Websocket {

		/**
		 * Path of the WebSocket endpoint.
		 */
		private String path = "/acp";

		/**
		 * Origins allowed to open a socket, as origin patterns ("https://*.example.com",
		 * "http://localhost:[*]", "*" for any); a handshake from another origin is
		 * refused with 403. Empty: same origin, and clients that send no Origin header.
		 */
		private List<String> allowedOrigins = new ArrayList<>();

		/**
		 * Host names (the Host header, port ignored; IPv6 addresses in brackets; "*" for
		 * any) served beside localhost, 127.0.0.1 and [::1], against DNS rebinding. A
		 * request that reached the server on a loopback address is served for those names
		 * only (421 otherwise); one on another address for any host while this is empty.
		 */
		private List<String> allowedHosts = new ArrayList<>();

		/**
		 * Largest accepted message; a larger one is answered -32600 and the socket stays
		 * open. Every socket may buffer this much while a message arrives.
		 */
		private DataSize maxMessageSize = DataSize.ofMegabytes(16);

		/**
		 * Most requests of one socket not answered yet; past it a request is answered
		 * -32001 (server busy) at once, so one client cannot occupy every handler thread.
		 */
		private int maxRequestsInFlight = 64;

		/**
		 * Most sockets open at once, handshakes under way included; further handshakes
		 * are refused with 503.
		 */
		private int maxConnections = 100;

		/**
		 * Most bytes buffered for a socket whose client does not read; past it the socket
		 * is closed.
		 */
		private DataSize sendBufferSize = DataSize.ofMegabytes(16);

		/**
		 * Longest a send may block before the socket is closed.
		 */
		private Duration sendTimeLimit = Duration.ofSeconds(10);

		/**
		 * Idle time after which the container closes a socket.
		 */
		private Duration idleTimeout = Duration.ofMinutes(30);

		/**
		 * How long requests in flight may finish when the application stops, before the
		 * sockets close with 1001.
		 */
		private Duration drainTimeout = Duration.ofSeconds(10);

		/**
		 * Whether a client's offer of permessage-deflate compression is accepted. Off, as
		 * the TypeScript SDK's server: it costs about 50 KiB of heap and 145 KiB of
		 * native memory per socket.
		 */
		private boolean permessageDeflate;

		private final WebsocketAuth auth = new WebsocketAuth();

		public boolean isPermessageDeflate() {
			return this.permessageDeflate;
		}

		public void setPermessageDeflate(boolean permessageDeflate) {
			this.permessageDeflate = permessageDeflate;
		}

		public WebsocketAuth getAuth() {
			return this.auth;
		}

		public int getMaxRequestsInFlight() {
			return this.maxRequestsInFlight;
		}

		public void setMaxRequestsInFlight(int maxRequestsInFlight) {
			this.maxRequestsInFlight = maxRequestsInFlight;
		}

		public String getPath() {
			return this.path;
		}

		public void setPath(String path) {
			this.path = path;
		}

		public List<String> getAllowedHosts() {
			return this.allowedHosts;
		}

		public void setAllowedHosts(List<String> allowedHosts) {
			this.allowedHosts = allowedHosts;
		}

		public List<String> getAllowedOrigins() {
			return this.allowedOrigins;
		}

		public void setAllowedOrigins(List<String> allowedOrigins) {
			this.allowedOrigins = allowedOrigins;
		}

		public DataSize getMaxMessageSize() {
			return this.maxMessageSize;
		}

		public void setMaxMessageSize(DataSize maxMessageSize) {
			this.maxMessageSize = maxMessageSize;
		}

		public int getMaxConnections() {
			return this.maxConnections;
		}

		public void setMaxConnections(int maxConnections) {
			this.maxConnections = maxConnections;
		}

		public DataSize getSendBufferSize() {
			return this.sendBufferSize;
		}

		public void setSendBufferSize(DataSize sendBufferSize) {
			this.sendBufferSize = sendBufferSize;
		}

		public Duration getSendTimeLimit() {
			return this.sendTimeLimit;
		}

		public void setSendTimeLimit(Duration sendTimeLimit) {
			this.sendTimeLimit = sendTimeLimit;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

		public Duration getDrainTimeout() {
			return this.drainTimeout;
		}

		public void setDrainTimeout(Duration drainTimeout) {
			this.drainTimeout = drainTimeout;
		}

	}

	/**
	 * The Streamable HTTP transport, served at {@code acp.websocket.path} beside
	 * WebSocket upgrades ({@code acp.transport=http}, or {@code websocket} unless turned
	 * off). Message size, connection limit, requests in flight, send buffer, send time
	 * limit, drain time, allowed origins and the bearer token are the WebSocket ones.
	 */
	public static class Http {

		private final Streamable streamable = new Streamable();

		/**
		 * How long a connection with no open stream and no request lives before it is
		 * ended (as DELETE ends it).
		 */
		private Duration idleTimeout = Duration.ofMinutes(5);

		/**
		 * Idle time of an event stream after which a keep-alive comment is sent.
		 */
		private Duration keepAliveInterval = Duration.ofSeconds(15);

		/**
		 * Most session streams one connection may hold (opened, or keeping events for
		 * their next reader); past it a GET is answered 429.
		 */
		private int maxSessionStreams = 64;

		/**
		 * Most bytes the event streams of one connection keep together (for readers that
		 * fall behind, or for their next reader); past it the connection is closed.
		 */
		private DataSize maxQueued = DataSize.ofMegabytes(32);

		/**
		 * Most bytes the event streams of all connections keep together; past it the
		 * connection that keeps the most is closed.
		 */
		private DataSize maxQueuedTotal = DataSize.ofMegabytes(256);

		/**
		 * How long a POST of initialize waits for its answer.
		 */
		private Duration initializeTimeout = Duration.ofSeconds(60);

		public Streamable getStreamable() {
			return this.streamable;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

		public Duration getKeepAliveInterval() {
			return this.keepAliveInterval;
		}

		public void setKeepAliveInterval(Duration keepAliveInterval) {
			this.keepAliveInterval = keepAliveInterval;
		}

		public int getMaxSessionStreams() {
			return this.maxSessionStreams;
		}

		public void setMaxSessionStreams(int maxSessionStreams) {
			this.maxSessionStreams = maxSessionStreams;
		}

		public DataSize getMaxQueued() {
			return this.maxQueued;
		}

		public void setMaxQueued(DataSize maxQueued) {
			this.maxQueued = maxQueued;
		}

		public DataSize getMaxQueuedTotal() {
			return this.maxQueuedTotal;
		}

		public void setMaxQueuedTotal(DataSize maxQueuedTotal) {
			this.maxQueuedTotal = maxQueuedTotal;
		}

		public Duration getInitializeTimeout() {
			return this.initializeTimeout;
		}

		public void setInitializeTimeout(Duration initializeTimeout) {
			this.initializeTimeout = initializeTimeout;
		}

		/**
		 * Whether Streamable HTTP is served.
		 */
		public static class Streamable {

			/**
			 * Whether the endpoint also serves Streamable HTTP (POST, GET event streams,
			 * DELETE) beside WebSocket upgrades.
			 */
			private boolean enabled = true;

			public boolean isEnabled() {
				return this.enabled;
			}

			public void setEnabled(boolean enabled) {
				this.enabled = enabled;
			}

		}

	}

	/**
	 * The observations of the calls the agent serves.
	 */
	public static class Observations {

		/**
		 * Whether every inbound call's observation goes through the tracing handlers,
		 * sampled or not (as before 0.1.0). By default, with the OpenTelemetry SDK, a
		 * call's trace is sampled first and an unsampled call gets its timer but no span,
		 * with an unsampled trace context current while it is served.
		 */
		private boolean traceUnsampledCalls;

		/**
		 * Whether every unsampled call gets an observation. By default, an unsampled call
		 * that nothing but timers would observe (no observation handler, filter,
		 * predicate or convention of the application's own, no
		 * management.observations.key-values) is timed directly, with the same timer and
		 * tags, without an observation.
		 */
		private boolean observeUnsampledCalls;

		/**
		 * Whether a root call (one whose client sent no trace context) is sampled at the
		 * configured probability even when nothing would receive its span. By default,
		 * with no span exporter, span reporter, span processor or tracer provider
		 * customizer of the application's, a root call is not sampled: it keeps its timer
		 * and an unsampled trace context, and a client's sampled trace context is still
		 * followed.
		 */
		private boolean traceRootsWithoutExporter;

		public boolean isTraceUnsampledCalls() {
			return this.traceUnsampledCalls;
		}

		public void setTraceUnsampledCalls(boolean traceUnsampledCalls) {
			this.traceUnsampledCalls = traceUnsampledCalls;
		}

		public boolean isObserveUnsampledCalls() {
			return this.observeUnsampledCalls;
		}

		public void setObserveUnsampledCalls(boolean observeUnsampledCalls) {
			this.observeUnsampledCalls = observeUnsampledCalls;
		}

		public boolean isTraceRootsWithoutExporter() {
			return this.traceRootsWithoutExporter;
		}

		public void setTraceRootsWithoutExporter(boolean traceRootsWithoutExporter) {
			this.traceRootsWithoutExporter = traceRootsWithoutExporter;
		}

	}

	/**
	 * The opt-in {@code _acp-spring-boot/health} extension method.
	 */
	public static class HealthExtension {

		/**
		 * Whether to serve the application's health over ACP itself, as the
		 * "_acp-spring-boot/health" extension method (advertised in _meta), for agents
		 * without an HTTP port. Needs Spring Boot Actuator.
		 */
		private boolean enabled;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

	/**
	 * Authentication of the remote transports (the WebSocket handshake and the Streamable
	 * HTTP requests) for applications without Spring Security.
	 */
	public static class WebsocketAuth {

		/**
		 * Token a client must present as "Authorization: Bearer <token>" on the handshake
		 * and on the actuator endpoints (401 otherwise), for applications without Spring
		 * Security. Everyone who holds it is one principal, "bearer": they see each
		 * other's sessions; give each person a token of their own with tokens. Never
		 * logged. Absent: no authentication; present but empty or blank: start-up fails.
		 */
		private String bearerToken;

		/**
		 * File holding the bearer token (a mounted secret; surrounding whitespace is
		 * ignored), read at start-up. Used when bearer-token is not set. A file that is
		 * missing, unreadable, empty or blank fails start-up.
		 */
		private Path bearerTokenFile;

		/**
		 * Tokens of their own, by the name of the principal that presents them (the
		 * connection's principal, owner of its sessions), accepted beside bearer-token.
		 * From the environment: ACP_WEBSOCKET_AUTH_TOKENS_<NAME> (the name in lower
		 * case). An empty token, or one token under two names, fails start-up. Never
		 * logged.
		 */
		private Map<String, String> tokens = new LinkedHashMap<>();

		/**
		 * File of "name=token" lines (Java properties format), read at start-up, added to
		 * tokens. A file that is missing, unreadable, without tokens or with an empty one
		 * fails start-up.
		 */
		private Path tokensFile;

		/**
		 * Whether the agent may serve clients without authentication on an address other
		 * than loopback (server.address unset: every address). Without a token, Spring
		 * Security or this, such an agent fails start-up.
		 */
		private boolean allowAnonymous;

		public String getBearerToken() {
			return this.bearerToken;
		}

		public void setBearerToken(String bearerToken) {
			this.bearerToken = bearerToken;
		}

		public Path getBearerTokenFile() {
			return this.bearerTokenFile;
		}

		public void setBearerTokenFile(Path bearerTokenFile) {
			this.bearerTokenFile = bearerTokenFile;
		}

		public Map<String, String> getTokens() {
			return this.tokens;
		}

		public void setTokens(Map<String, String> tokens) {
			this.tokens = tokens;
		}

		public Path getTokensFile() {
			return this.tokensFile;
		}

		public void setTokensFile(Path tokensFile) {
			this.tokensFile = tokensFile;
		}

		public boolean isAllowAnonymous() {
			return this.allowAnonymous;
		}

		public void setAllowAnonymous(boolean allowAnonymous) {
			this.allowAnonymous = allowAnonymous;
		}

		@Override
		public String toString() {
			return "WebsocketAuth[bearerToken=" + ((this.bearerToken != null) ? "******" : "null")
					+ ", bearerTokenFile=" + this.bearerTokenFile + ", tokens=" + this.tokens.keySet() + ", tokensFile="
					+ this.tokensFile + ", allowAnonymous=" + this.allowAnonymous + "]";
		}

	}

	/**
	 * Calls the agent makes to the client.
	 */
	public static class Client {

		/**
		 * How long requests the agent sends to the client wait for an answer.
		 */
		private Duration requestTimeout = Duration.ofMinutes(5);

		public Duration getRequestTimeout() {
			return this.requestTimeout;
		}

		public void setRequestTimeout(Duration requestTimeout) {
			this.requestTimeout = requestTimeout;
		}

	}

	/**
	 * What configuration advertises for one extension namespace.
	 */
	public static class Extension {

		/**
		 * Version advertised for the extension (overrides @AcpExtension's version).
		 */
		private String version;

		/**
		 * URI naming the extension's specification.
		 */
		private String uri;

		/**
		 * Whether clients must advertise the extension in clientCapabilities._meta.
		 */
		private boolean required;

		/**
		 * Extra keys advertised for the extension, such as "events".
		 */
		private Map<String, Object> meta = new LinkedHashMap<>();

		/**
		 * Whether each method of the namespace advertises the JSON Schema of its params
		 * (needs com.github.victools:jsonschema-generator). Unset: as @AcpExtension says.
		 */
		private Boolean schemas;

		public Boolean getSchemas() {
			return this.schemas;
		}

		public void setSchemas(Boolean schemas) {
			this.schemas = schemas;
		}

		public String getVersion() {
			return this.version;
		}

		public void setVersion(String version) {
			this.version = version;
		}

		public String getUri() {
			return this.uri;
		}

		public void setUri(String uri) {
			this.uri = uri;
		}

		public boolean isRequired() {
			return this.required;
		}

		public void setRequired(boolean required) {
			this.required = required;
		}

		public Map<String, Object> getMeta() {
			return this.meta;
		}

		public void setMeta(Map<String, Object> meta) {
			this.meta = meta;
		}

	}

}

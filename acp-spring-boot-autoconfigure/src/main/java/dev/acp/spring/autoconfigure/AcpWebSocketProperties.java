package dev.acp.spring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The WebSocket transport ({@code acp.transport=websocket}).
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.websocket")
public class AcpWebSocketProperties {

	/**
	 * Path of the WebSocket endpoint.
	 */
	private String path = "/acp";

	/**
	 * Origins allowed to open a socket, as origin patterns ("https://*.example.com",
	 * "http://localhost:[*]", "*" for any); a handshake from another origin is refused
	 * with 403. Empty: same origin, and clients that send no Origin header.
	 */
	private List<String> allowedOrigins = new ArrayList<>();

	/**
	 * Host names (the Host header, port ignored; IPv6 addresses in brackets; "*" for any)
	 * served beside localhost, 127.0.0.1 and [::1], against DNS rebinding. A request that
	 * reached the server on a loopback address is served for those names only (421
	 * otherwise); one on another address for any host while this is empty.
	 */
	private List<String> allowedHosts = new ArrayList<>();

	/**
	 * Largest accepted message; a larger one is answered -32600 and the socket stays
	 * open. Every socket may buffer this much while a message arrives.
	 */
	private DataSize maxMessageSize = DataSize.ofMegabytes(16);

	/**
	 * Most requests of one socket not answered yet; past it a request is answered -32001
	 * (server busy) at once, so one client cannot occupy every handler thread.
	 */
	private int maxRequestsInFlight = 64;

	/**
	 * Most sockets open at once, handshakes under way included; further handshakes are
	 * refused with 503.
	 */
	private int maxConnections = 100;

	/**
	 * Most bytes buffered for a socket whose client does not read; past it the socket is
	 * closed.
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
	 * Whether a client's offer of permessage-deflate compression is accepted. Off, as the
	 * TypeScript SDK's server: it costs about 50 KiB of heap and 145 KiB of native memory
	 * per socket.
	 */
	private boolean permessageDeflate;

	private final Auth auth = new Auth();

	public boolean isPermessageDeflate() {
		return this.permessageDeflate;
	}

	public void setPermessageDeflate(boolean permessageDeflate) {
		this.permessageDeflate = permessageDeflate;
	}

	public Auth getAuth() {
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

	/**
	 * Authentication of the remote transports (the WebSocket handshake and the Streamable
	 * HTTP requests) for applications without Spring Security.
	 */
	public static class Auth {

		/**
		 * Token a client must present as "Authorization: Bearer <token>" on the handshake
		 * and on the actuator endpoints (401 otherwise), for applications without Spring
		 * Security. Everyone who holds it is one principal, "bearer": they see each
		 * other's sessions; give each person a token of their own with tokens. Never
		 * logged. Absent: no authentication; present but empty or blank: start-up fails.
		 */
		private @Nullable String bearerToken;

		/**
		 * File holding the bearer token (a mounted secret; surrounding whitespace is
		 * ignored), read at start-up. Used when bearer-token is not set. A file that is
		 * missing, unreadable, empty or blank fails start-up.
		 */
		private @Nullable Path bearerTokenFile;

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
		private @Nullable Path tokensFile;

		/**
		 * Whether the agent may serve clients without authentication on an address other
		 * than loopback (server.address unset: every address). Without a token, Spring
		 * Security or this, such an agent fails start-up.
		 */
		private boolean allowAnonymous;

		public @Nullable String getBearerToken() {
			return this.bearerToken;
		}

		public void setBearerToken(@Nullable String bearerToken) {
			this.bearerToken = bearerToken;
		}

		public @Nullable Path getBearerTokenFile() {
			return this.bearerTokenFile;
		}

		public void setBearerTokenFile(@Nullable Path bearerTokenFile) {
			this.bearerTokenFile = bearerTokenFile;
		}

		public Map<String, String> getTokens() {
			return this.tokens;
		}

		public void setTokens(Map<String, String> tokens) {
			this.tokens = tokens;
		}

		public @Nullable Path getTokensFile() {
			return this.tokensFile;
		}

		public void setTokensFile(@Nullable Path tokensFile) {
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

}

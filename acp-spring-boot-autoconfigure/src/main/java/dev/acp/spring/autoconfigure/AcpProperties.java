package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The transport, time limits and extension metadata of an ACP agent: the top-level
 * {@code acp.*} properties. Each feature's group ({@code acp.websocket},
 * {@code acp.stdio}, ...) has its own properties class.
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
	private @Nullable Duration maxPromptDuration;

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

	public @Nullable Duration getMaxPromptDuration() {
		return this.maxPromptDuration;
	}

	public void setMaxPromptDuration(@Nullable Duration maxPromptDuration) {
		this.maxPromptDuration = maxPromptDuration;
	}

	public Transport getTransport() {
		return this.transport;
	}

	public void setTransport(Transport transport) {
		this.transport = transport;
	}

	public Map<String, Extension> getExtensions() {
		return this.extensions;
	}

	public void setExtensions(Map<String, Extension> extensions) {
		this.extensions = extensions;
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
	 * What configuration advertises for one extension namespace.
	 */
	public static class Extension {

		/**
		 * Version advertised for the extension (overrides @AcpExtension's version).
		 */
		private @Nullable String version;

		/**
		 * URI naming the extension's specification.
		 */
		private @Nullable String uri;

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
		private @Nullable Boolean schemas;

		public @Nullable Boolean getSchemas() {
			return this.schemas;
		}

		public void setSchemas(@Nullable Boolean schemas) {
			this.schemas = schemas;
		}

		public @Nullable String getVersion() {
			return this.version;
		}

		public void setVersion(@Nullable String version) {
			this.version = version;
		}

		public @Nullable String getUri() {
			return this.uri;
		}

		public void setUri(@Nullable String uri) {
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

package dev.acp.spring.autoconfigure;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The agents an application drives as an ACP client: {@code acp.agents.<name>.*}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp")
public class AcpAgentsProperties {

	/**
	 * Agents this application drives, by name: each spawned from a command (stdio) or
	 * reached at a url: ws:// or wss:// (WebSocket), http:// or https:// (Streamable
	 * HTTP).
	 */
	private Map<String, Agent> agents = new LinkedHashMap<>();

	public Map<String, Agent> getAgents() {
		return this.agents;
	}

	public void setAgents(Map<String, Agent> agents) {
		this.agents = agents;
	}

	/**
	 * One agent.
	 */
	public static class Agent {

		/**
		 * Executable that starts the agent over stdio (NDJSON on its standard input and
		 * output).
		 */
		private String command;

		/**
		 * Arguments of the command.
		 */
		private List<String> args = new ArrayList<>();

		/**
		 * Environment variables added to the agent's (it inherits the application's).
		 */
		private Map<String, String> env = new LinkedHashMap<>();

		/**
		 * Working directory of the spawned agent process (the application's when unset).
		 */
		private Path workingDirectory;

		/**
		 * URL of a remote agent, instead of a command: ws:// or wss:// for WebSocket,
		 * http:// or https:// for ACP's Streamable HTTP.
		 */
		private URI url;

		/**
		 * Headers sent with the WebSocket handshake, or with every Streamable HTTP
		 * request, such as Authorization.
		 */
		private Map<String, String> headers = new LinkedHashMap<>();

		/**
		 * Whether to connect (spawn and initialize) when the application starts rather
		 * than on first use.
		 */
		private boolean connectOnStartup;

		/**
		 * How long a spawned agent may take to exit after its input is closed, before
		 * SIGTERM, and after SIGTERM, before SIGKILL.
		 */
		private Duration shutdownGracePeriod = Duration.ofSeconds(5);

		/**
		 * How long to wait for the answer to a call other than a prompt turn.
		 */
		private Duration requestTimeout = Duration.ofMinutes(1);

		/**
		 * How long to wait for a prompt turn to end.
		 */
		private Duration promptTimeout = Duration.ofHours(1);

		/**
		 * Longest message accepted from the agent.
		 */
		private DataSize maxMessageSize = DataSize.ofMegabytes(16);

		/**
		 * Whether to serve fs/read_text_file and fs/write_text_file to the agent (and
		 * advertise the fs capability).
		 */
		private boolean fs = true;

		/**
		 * Whether to serve terminal/* to the agent (and advertise the terminal
		 * capability).
		 */
		private boolean terminal = true;

		public String getCommand() {
			return this.command;
		}

		public void setCommand(String command) {
			this.command = command;
		}

		public List<String> getArgs() {
			return this.args;
		}

		public void setArgs(List<String> args) {
			this.args = args;
		}

		public Map<String, String> getEnv() {
			return this.env;
		}

		public void setEnv(Map<String, String> env) {
			this.env = env;
		}

		public Path getWorkingDirectory() {
			return this.workingDirectory;
		}

		public void setWorkingDirectory(Path workingDirectory) {
			this.workingDirectory = workingDirectory;
		}

		public URI getUrl() {
			return this.url;
		}

		public void setUrl(URI url) {
			this.url = url;
		}

		public Map<String, String> getHeaders() {
			return this.headers;
		}

		public void setHeaders(Map<String, String> headers) {
			this.headers = headers;
		}

		public boolean isConnectOnStartup() {
			return this.connectOnStartup;
		}

		public void setConnectOnStartup(boolean connectOnStartup) {
			this.connectOnStartup = connectOnStartup;
		}

		public Duration getShutdownGracePeriod() {
			return this.shutdownGracePeriod;
		}

		public void setShutdownGracePeriod(Duration shutdownGracePeriod) {
			this.shutdownGracePeriod = shutdownGracePeriod;
		}

		public Duration getRequestTimeout() {
			return this.requestTimeout;
		}

		public void setRequestTimeout(Duration requestTimeout) {
			this.requestTimeout = requestTimeout;
		}

		public Duration getPromptTimeout() {
			return this.promptTimeout;
		}

		public void setPromptTimeout(Duration promptTimeout) {
			this.promptTimeout = promptTimeout;
		}

		public DataSize getMaxMessageSize() {
			return this.maxMessageSize;
		}

		public void setMaxMessageSize(DataSize maxMessageSize) {
			this.maxMessageSize = maxMessageSize;
		}

		public boolean isFs() {
			return this.fs;
		}

		public void setFs(boolean fs) {
			this.fs = fs;
		}

		public boolean isTerminal() {
			return this.terminal;
		}

		public void setTerminal(boolean terminal) {
			this.terminal = terminal;
		}

	}

}

package dev.acp.spring.autoconfigure;

import java.net.URI;
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
		private @Nullable String command;

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
		private @Nullable Path workingDirectory;

		/**
		 * URL of a remote agent, instead of a command: ws:// or wss:// for WebSocket,
		 * http:// or https:// for ACP's Streamable HTTP.
		 */
		private @Nullable URI url;

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
		 * Whether to serve fs/read_text_file to the agent (and advertise the fs
		 * capability); false serves no fs/* at all.
		 */
		private boolean fs = true;

		/**
		 * Whether to serve fs/write_text_file to the agent (and advertise writeTextFile),
		 * each write still decided by the AcpPermissionPolicy (which refuses by default).
		 * Defaults to true for a spawned agent and false for a remote (url) one.
		 */
		private @Nullable Boolean fsWrite;

		/**
		 * Whether to serve terminal/* to the agent (and advertise the terminal
		 * capability), each command still decided by the AcpPermissionPolicy (which
		 * refuses by default). Defaults to true for a spawned agent and false for a
		 * remote (url) one.
		 */
		private @Nullable Boolean terminal;

		/**
		 * Most bytes one fs/read_text_file returns; a larger file is refused (-32602) and
		 * can be read in parts with line and limit.
		 */
		private DataSize maxFileReadSize = DataSize.ofMegabytes(4);

		/**
		 * Most output kept per terminal; the agent's outputByteLimit is capped by it.
		 */
		private DataSize maxTerminalOutputSize = DataSize.ofMegabytes(1);

		/**
		 * Most terminals the agent may hold at a time on one connection (more are
		 * answered -32001 until it releases one).
		 */
		private int maxTerminals = 16;

		/**
		 * Whether a terminal command without args that contains whitespace runs through
		 * /bin/sh -c (cmd.exe /c on Windows) rather than as the name of an executable.
		 */
		private boolean terminalShell;

		/**
		 * Highest ACP protocol version to ask the agent for: 2 (ACP v2, Preview; the
		 * client continues in 1 with an agent that answers 1) or 1 (v1 whatever the agent
		 * offers).
		 */
		private int protocolVersion = 2;

		public @Nullable String getCommand() {
			return this.command;
		}

		public void setCommand(@Nullable String command) {
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

		public @Nullable Path getWorkingDirectory() {
			return this.workingDirectory;
		}

		public void setWorkingDirectory(@Nullable Path workingDirectory) {
			this.workingDirectory = workingDirectory;
		}

		public @Nullable URI getUrl() {
			return this.url;
		}

		public void setUrl(@Nullable URI url) {
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

		public @Nullable Boolean getFsWrite() {
			return this.fsWrite;
		}

		public void setFsWrite(@Nullable Boolean fsWrite) {
			this.fsWrite = fsWrite;
		}

		public @Nullable Boolean getTerminal() {
			return this.terminal;
		}

		public void setTerminal(@Nullable Boolean terminal) {
			this.terminal = terminal;
		}

		public DataSize getMaxFileReadSize() {
			return this.maxFileReadSize;
		}

		public void setMaxFileReadSize(DataSize maxFileReadSize) {
			this.maxFileReadSize = maxFileReadSize;
		}

		public DataSize getMaxTerminalOutputSize() {
			return this.maxTerminalOutputSize;
		}

		public void setMaxTerminalOutputSize(DataSize maxTerminalOutputSize) {
			this.maxTerminalOutputSize = maxTerminalOutputSize;
		}

		public int getMaxTerminals() {
			return this.maxTerminals;
		}

		public void setMaxTerminals(int maxTerminals) {
			this.maxTerminals = maxTerminals;
		}

		public int getProtocolVersion() {
			return this.protocolVersion;
		}

		public void setProtocolVersion(int protocolVersion) {
			this.protocolVersion = protocolVersion;
		}

		public boolean isTerminalShell() {
			return this.terminalShell;
		}

		public void setTerminalShell(boolean terminalShell) {
			this.terminalShell = terminalShell;
		}

	}

}

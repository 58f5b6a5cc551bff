package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which MCP servers clients may name in session/new, session/load and session/resume.
 * Clients over stdio and the warm agent's local socket may name any; these properties
 * open what clients over WebSocket and Streamable HTTP may name. An
 * {@code AcpMcpServerPolicy} bean replaces them.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.mcp-servers")
public class AcpMcpServersProperties {

	private final Network network = new Network();

	public Network getNetwork() {
		return this.network;
	}

	/**
	 * What clients over network transports (WebSocket, Streamable HTTP) may name.
	 */
	public static class Network {

		/**
		 * Whether clients over network transports may name stdio MCP servers: commands
		 * the agent then runs as its own user. Off: such entries are refused (-32602) and
		 * nothing starts.
		 */
		private boolean stdio;

		/**
		 * Hosts whose http and sse MCP servers clients over network transports may name
		 * (a host name or address, or *.example.com for the names under example.com).
		 * Empty: none, and mcpCapabilities advertises neither http nor sse to them.
		 */
		private List<String> allowedHosts = new ArrayList<>();

		public boolean isStdio() {
			return this.stdio;
		}

		public void setStdio(boolean stdio) {
			this.stdio = stdio;
		}

		public List<String> getAllowedHosts() {
			return this.allowedHosts;
		}

		public void setAllowedHosts(List<String> allowedHosts) {
			this.allowedHosts = allowedHosts;
		}

	}

}

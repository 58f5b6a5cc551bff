package dev.acp.spring.agent;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.protocol.McpServer;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The default MCP server policy ({@code acp.mcp-servers.*}): a client on a local
 * transport ({@code stdio}, the warm agent's {@code local} socket, {@code in-memory}) is
 * the editor that spawned the agent, as the same user, and may name any MCP server. A
 * client on any other transport (WebSocket, Streamable HTTP) is whoever reaches the port:
 * it names no stdio server unless {@code network.stdio} is set, and no http or sse server
 * but on a host of {@code network.allowed-hosts}; entries of unknown types are refused.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
public final class DefaultAcpMcpServerPolicy implements AcpMcpServerPolicy {

	private static final Set<String> LOCAL_TRANSPORTS = Set.of("stdio", "local", "in-memory");

	private final boolean networkStdio;

	private final Set<String> allowedHosts;

	/**
	 * Create a policy.
	 * @param networkStdio whether clients on network transports may name stdio servers
	 * @param allowedHosts the hosts whose http and sse servers clients on network
	 * transports may name: a host name or address, or {@code *.example.com} for the names
	 * under {@code example.com}
	 * @throws IllegalArgumentException when a host is blank or not a host
	 */
	public DefaultAcpMcpServerPolicy(boolean networkStdio, Collection<String> allowedHosts) {
		this.networkStdio = networkStdio;
		Set<String> hosts = new TreeSet<>();
		for (String host : allowedHosts) {
			String normalized = (host != null) ? normalize(host.trim()) : "";
			if (!isHostPattern(normalized)) {
				throw new IllegalArgumentException("'" + host + "' is not a host an MCP server may be allowed on");
			}
			hosts.add(normalized);
		}
		this.allowedHosts = Set.copyOf(hosts);
	}

	/**
	 * The policy of an application that configured nothing: network clients name no MCP
	 * server.
	 * @return the policy
	 */
	public static DefaultAcpMcpServerPolicy networkClosed() {
		return new DefaultAcpMcpServerPolicy(false, Set.of());
	}

	/**
	 * Whether a transport carries the editor that spawned the agent rather than a network
	 * peer.
	 * @param transport the transport name
	 * @return whether it is {@code stdio}, {@code local} or {@code in-memory}
	 */
	public static boolean isLocal(String transport) {
		return LOCAL_TRANSPORTS.contains(transport);
	}

	@Override
	public Decision decide(AcpConnection connection, McpServer server) {
		if (isLocal(connection.transport())) {
			return Decision.allow();
		}
		String over = " for clients connected over " + connection.transport();
		if (server instanceof McpServer.Stdio) {
			return this.networkStdio ? Decision.allow() : Decision.refuse("stdio MCP servers are not started" + over);
		}
		if (server instanceof McpServer.Http http) {
			return url(http.url(), over);
		}
		if (server instanceof McpServer.Sse sse) {
			return url(sse.url(), over);
		}
		return Decision
			.refuse("MCP servers of type '" + ((McpServer.Unknown) server).type() + "' are not started" + over);
	}

	@Override
	public boolean mayAllow(AcpConnection connection, String type) {
		if (isLocal(connection.transport())) {
			return true;
		}
		return "stdio".equals(type) ? this.networkStdio : !this.allowedHosts.isEmpty();
	}

	private Decision url(String url, String over) {
		String host = host(url);
		if (host == null) {
			return Decision.refuse("url must be an absolute http or https URL with a host");
		}
		return isAllowed(host) ? Decision.allow() : Decision.refuse("host '" + host + "' is not allowed" + over);
	}

	private boolean isAllowed(String host) {
		if (this.allowedHosts.contains(host)) {
			return true;
		}
		for (int dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
			if (this.allowedHosts.contains("*" + host.substring(dot))) {
				return true;
			}
		}
		return false;
	}

	private static @Nullable String host(String url) {
		try {
			URI uri = new URI(url);
			String scheme = uri.getScheme();
			String host = uri.getHost();
			if (host == null || scheme == null
					|| !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
				return null;
			}
			String normalized = normalize(host);
			return normalized.isEmpty() ? null : normalized;
		}
		catch (URISyntaxException ex) {
			return null;
		}
	}

	private static boolean isHostPattern(String host) {
		String name = host.startsWith("*.") ? host.substring(2) : host;
		return !name.isEmpty() && !name.startsWith(".")
				&& name.chars().noneMatch((c) -> "*/@?#".indexOf(c) >= 0 || Character.isWhitespace(c));
	}

	private static String normalize(String host) {
		String normalized = host.toLowerCase(Locale.ROOT);
		if (normalized.startsWith("[") && normalized.endsWith("]")) {
			normalized = normalized.substring(1, normalized.length() - 1);
		}
		while (normalized.endsWith(".")) {
			normalized = normalized.substring(0, normalized.length() - 1);
		}
		return normalized;
	}

}

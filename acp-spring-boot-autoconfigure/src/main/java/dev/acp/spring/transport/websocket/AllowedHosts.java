package dev.acp.spring.transport.websocket;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * The {@code Host} values the remote transports serve, against DNS rebinding: a page of
 * {@code http://rebind.example:PORT} whose name an attacker points at 127.0.0.1 is of the
 * same origin as its requests, so only their {@code Host} tells them from the agent's
 * own. A request that reached the server on a loopback address (the agent is bound to
 * one, or to every address and the client is on this machine) is served only for the
 * loopback names {@code localhost}, {@code 127.0.0.1} and {@code [::1]}, or an allowed
 * host. A request on another address is served for any host unless hosts are configured,
 * then for those and the loopback names only. Host names are compared ignoring case and
 * port; {@code *} allows every host. Names are never resolved.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AllowedHosts {

	/** The plain-text body of a refusal. */
	public static final String REFUSAL = "Host not allowed";

	/** The status of a refusal: 421 Misdirected Request. */
	public static final int REFUSAL_STATUS = 421;

	private static final Set<String> LOOPBACK_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");

	private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

	private final List<String> hosts;

	private final boolean any;

	/**
	 * Create the rule.
	 * @param hosts the host names allowed beside the loopback ones (IPv6 addresses in
	 * brackets; a port is ignored; {@code *} for any)
	 */
	public AllowedHosts(List<String> hosts) {
		List<String> names = new ArrayList<>();
		for (String host : hosts) {
			String name = hostName(host);
			if (name == null) {
				throw new IllegalArgumentException("Not a host name: '" + host + "'");
			}
			names.add(name);
		}
		this.any = names.contains("*");
		this.hosts = List.copyOf(names);
	}

	/**
	 * Whether a request is served, judged by its {@code Host} header and the address it
	 * reached the server on. Without a {@code Host} header (HTTP/2 carries the authority
	 * in a pseudo-header that the server keeps as the server name), its server name and
	 * port stand for it: no browser sends a request without either, and browsers speak
	 * HTTP/2 over TLS only, where a rebound name fails on the certificate.
	 * @param request the request
	 * @return whether the request is served
	 */
	public boolean allows(HttpServletRequest request) {
		String host = request.getHeader(HttpHeaders.HOST);
		if (host == null && request.getServerName() != null) {
			String name = request.getServerName();
			host = ((name.indexOf(':') >= 0 && !name.startsWith("[")) ? "[" + name + "]" : name) + ":"
					+ request.getServerPort();
		}
		return allows(host, request.getLocalAddr());
	}

	/**
	 * Whether a request is served.
	 * @param host the request's {@code Host} header, or {@code null}
	 * @param localAddress the address (a literal) the request reached the server on, or
	 * {@code null} when unknown (taken as loopback)
	 * @return whether the request is served
	 */
	public boolean allows(@Nullable String host, @Nullable String localAddress) {
		if (this.any) {
			return true;
		}
		String name = (host != null) ? hostName(host) : null;
		if (name != null && (LOOPBACK_NAMES.contains(name) || this.hosts.contains(name))) {
			return true;
		}
		return !isLoopback(localAddress) && this.hosts.isEmpty();
	}

	/**
	 * The host name of a {@code Host} value, lower case, without its port; {@code null}
	 * when it is not a host (empty, or with a path, user info or a malformed port).
	 */
	static @Nullable String hostName(String host) {
		String value = host.strip().toLowerCase(Locale.ROOT);
		if (value.equals("*")) {
			return value;
		}
		String name;
		String port;
		if (value.startsWith("[")) {
			int end = value.indexOf(']');
			if (end < 0) {
				return null;
			}
			name = value.substring(0, end + 1);
			port = value.substring(end + 1);
		}
		else {
			int colon = value.indexOf(':');
			name = (colon < 0) ? value : value.substring(0, colon);
			port = (colon < 0) ? "" : value.substring(colon);
		}
		if (name.isEmpty() || name.equals("[]") || !port.isEmpty() && !port.matches(":\\d{1,5}")
				|| name.chars().anyMatch((c) -> c == '/' || c == '@' || c == '\\' || Character.isWhitespace(c))) {
			return null;
		}
		return name;
	}

	/**
	 * Whether an address literal is a loopback address; an unknown or unparsable one is
	 * taken as loopback (the stricter rule). Only literals are parsed: nothing is
	 * resolved.
	 */
	static boolean isLoopback(@Nullable String localAddress) {
		if (localAddress == null || localAddress.isBlank()) {
			return true;
		}
		String literal = localAddress.strip();
		if (literal.startsWith("[") && literal.endsWith("]")) {
			literal = literal.substring(1, literal.length() - 1);
		}
		int zone = literal.indexOf('%');
		if (zone >= 0) {
			literal = literal.substring(0, zone);
		}
		if (!IPV4.matcher(literal).matches() && !literal.matches("[0-9a-fA-F:.]*:[0-9a-fA-F:.]*")) {
			return true;
		}
		try {
			return InetAddress.getByName(literal).isLoopbackAddress();
		}
		catch (UnknownHostException ex) {
			return true;
		}
	}

	@Override
	public String toString() {
		return "AllowedHosts" + this.hosts;
	}

}

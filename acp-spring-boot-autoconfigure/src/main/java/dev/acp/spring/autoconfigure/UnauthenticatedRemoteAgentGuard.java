package dev.acp.spring.autoconfigure;

import java.net.InetAddress;
import java.net.UnknownHostException;

import dev.acp.spring.transport.websocket.BearerToken;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;

/**
 * Fails start-up, before the web server binds its port, when the remote transports would
 * serve anyone who reaches the port: no bearer token, no Spring Security filter chain,
 * and an address other than loopback ({@code server.address} unset is every address),
 * unless {@code acp.websocket.auth.allow-anonymous=true} says the application wants an
 * open agent. An application context that runs no web server (a mock servlet environment)
 * listens nowhere and is not checked.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class UnauthenticatedRemoteAgentGuard implements SmartInitializingSingleton {

	static final String ALLOW_ANONYMOUS = "acp.websocket.auth.allow-anonymous";

	/** The bean Spring Security's servlet configuration registers its filter chain as. */
	static final String SPRING_SECURITY_FILTER_CHAIN = "springSecurityFilterChain";

	private final ApplicationContext context;

	private final Environment environment;

	private final ObjectProvider<BearerToken> bearerToken;

	private final String transport;

	UnauthenticatedRemoteAgentGuard(ApplicationContext context, Environment environment,
			ObjectProvider<BearerToken> bearerToken, String transport) {
		this.context = context;
		this.environment = environment;
		this.bearerToken = bearerToken;
		this.transport = transport;
	}

	@Override
	public void afterSingletonsInstantiated() {
		if (!(this.context instanceof WebServerApplicationContext)
				|| this.environment.getProperty(ALLOW_ANONYMOUS, Boolean.class, false)
				|| this.bearerToken.getIfAvailable() != null
				|| this.context.containsBean(SPRING_SECURITY_FILTER_CHAIN)) {
			return;
		}
		String address = Binder.get(this.environment).bind("server.address", String.class).orElse(null);
		if (address != null && isLoopback(address)) {
			return;
		}
		String where = (address != null) ? "on server.address=" + address
				: "on every network address (server.address is not set)";
		throw new UnauthenticatedRemoteAgentException(
				"The ACP agent would serve acp.transport=" + this.transport + " " + where
						+ " without authentication: anyone who reaches the port could run it.",
				"Set server.address=127.0.0.1 to serve this machine only, require a token with"
						+ " acp.websocket.auth.bearer-token (or one per person with acp.websocket.auth.tokens.<name>),"
						+ " authenticate the endpoint with Spring Security, or set " + ALLOW_ANONYMOUS
						+ "=true to serve an open agent.");
	}

	/**
	 * Whether the configured address is a loopback one, resolved as the web server
	 * resolves it; one that does not resolve is not.
	 */
	private static boolean isLoopback(String address) {
		try {
			return InetAddress.getByName(address.strip()).isLoopbackAddress();
		}
		catch (UnknownHostException | RuntimeException ex) {
			return false;
		}
	}

}

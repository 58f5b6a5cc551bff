package dev.acp.spring.agent.support;

import java.util.Set;

import dev.acp.spring.protocol.AcpMethods;

/**
 * The methods a v2 connection knows: {@code initialize} and extension methods
 * ({@code _vendor/...}). The core methods of v2 are added here as the connection learns
 * to translate them; until then they, and v1's methods that v2 dropped
 * ({@code session/load}, {@code fs/*}, {@code terminal/*}, ...), are answered -32601.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2Methods {

	private static final Set<String> CORE = Set.of(AcpMethods.INITIALIZE);

	private V2Methods() {
	}

	static boolean knows(String method) {
		return method.startsWith("_") || CORE.contains(method);
	}

}

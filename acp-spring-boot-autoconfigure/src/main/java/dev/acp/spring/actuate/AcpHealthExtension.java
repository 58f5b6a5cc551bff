package dev.acp.spring.actuate;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;

/**
 * An extension method in the starter's own namespace that answers the application's
 * health over ACP itself ({@code _acp-spring-boot/health}), for an agent spawned over
 * stdio, which has no HTTP port. Opt in with {@code acp.health-extension.enabled=true};
 * it is then advertised in {@code _meta} like any extension.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AcpExtension(value = AcpHealthExtension.NAMESPACE, version = "1.0")
public class AcpHealthExtension {

	/** The extension's namespace. */
	public static final String NAMESPACE = "acp-spring-boot";

	/** The method that answers the health. */
	public static final String METHOD = "_acp-spring-boot/health";

	private final Supplier<Object> health;

	/**
	 * Create the extension.
	 * @param health the health to answer (Boot's health endpoint's, or the {@code acp}
	 * indicator's)
	 */
	public AcpHealthExtension(Supplier<Object> health) {
		this.health = health;
	}

	/**
	 * Answer the health: {@code status} and the components' details.
	 * @param params ignored
	 * @return the health
	 */
	@AcpMethod(METHOD)
	public Object health(Map<String, Object> params) {
		Object health = this.health.get();
		return (health != null) ? health : new LinkedHashMap<>(Map.of("status", "UNKNOWN"));
	}

}

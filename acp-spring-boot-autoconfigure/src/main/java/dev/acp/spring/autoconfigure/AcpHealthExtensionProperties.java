package dev.acp.spring.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The opt-in {@code _acp-spring-boot/health} extension method.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.health-extension")
public class AcpHealthExtensionProperties {

	/**
	 * Whether to serve the application's health over ACP itself, as the
	 * "_acp-spring-boot/health" extension method (advertised in _meta), for agents
	 * without an HTTP port. Needs Spring Boot Actuator.
	 */
	private boolean enabled;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

}

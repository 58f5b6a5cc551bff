package dev.acp.spring.agent;

import dev.acp.spring.protocol.AgentCapabilities;

/**
 * Changes the agent capabilities answered to {@code initialize}, after the starter
 * derived them from the handler methods and configuration. Beans of this type are applied
 * in order.
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface AcpCapabilitiesCustomizer {

	/**
	 * Customize the capabilities.
	 * @param capabilities the builder; {@code meta()} holds one entry per extension
	 * namespace
	 */
	void customize(AgentCapabilities.Builder capabilities);

}

package dev.acp.spring.inspector;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of the ACP inspector page served beside a remote agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.inspector")
public class AcpInspectorProperties {

	/**
	 * Whether the agent's web server serves the inspector page (its static files and
	 * config.json without authentication, its validate endpoint with the agent's bearer
	 * token when it has one). Off by default.
	 */
	private boolean enabled;

	/**
	 * Path of the inspector page: the page is served at this path followed by a slash.
	 */
	private String path = "/inspector";

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getPath() {
		return this.path;
	}

	public void setPath(String path) {
		this.path = path;
	}

}

package dev.acp.spring.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the agent names itself in the {@code initialize} answer ({@code agentInfo}).
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.agent")
public class AcpAgentProperties {

	/**
	 * Name of the agent in the initialize answer. Defaults to spring.application.name.
	 */
	private String name;

	/**
	 * Version of the agent in the initialize answer. Defaults to the application's
	 * version.
	 */
	private String version;

	/**
	 * Human-readable title of the agent in the initialize answer.
	 */
	private String title;

	public String getName() {
		return this.name;
	}

	public void setName(String name) {
		this.name = name;
	}

	public String getVersion() {
		return this.version;
	}

	public void setVersion(String version) {
		this.version = version;
	}

	public String getTitle() {
		return this.title;
	}

	public void setTitle(String title) {
		this.title = title;
	}

}

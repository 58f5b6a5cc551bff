package dev.acp.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

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
	private @Nullable String name;

	/**
	 * Version of the agent in the initialize answer. Defaults to the application's
	 * version.
	 */
	private @Nullable String version;

	/**
	 * Human-readable title of the agent in the initialize answer.
	 */
	private @Nullable String title;

	public @Nullable String getName() {
		return this.name;
	}

	public void setName(@Nullable String name) {
		this.name = name;
	}

	public @Nullable String getVersion() {
		return this.version;
	}

	public void setVersion(@Nullable String version) {
		this.version = version;
	}

	public @Nullable String getTitle() {
		return this.title;
	}

	public void setTitle(@Nullable String title) {
		this.title = title;
	}

}

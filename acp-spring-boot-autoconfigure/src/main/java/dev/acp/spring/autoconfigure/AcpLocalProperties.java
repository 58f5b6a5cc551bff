package dev.acp.spring.autoconfigure;

import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The warm agent a launcher starts ({@code acp.transport=local}). Each launcher's
 * connection is framed as stdio is, with the acp.stdio line length, drain and send
 * limits.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.local")
public class AcpLocalProperties {

	/**
	 * Unix domain socket the agent serves launchers on; its directory should be private
	 * to the user (the launcher creates it so).
	 */
	private @Nullable Path socket;

	/**
	 * File the agent writes its process id to while it serves (the launcher's --stop and
	 * --status read it).
	 */
	private @Nullable Path pidFile;

	/**
	 * File the agent writes why it failed to start to (Boot's failure analysis), for the
	 * launcher to answer the editor's initialize with.
	 */
	private @Nullable Path failureFile;

	/**
	 * How long the agent stays up without a connection before it exits.
	 */
	private Duration idleTimeout = Duration.ofMinutes(10);

	public @Nullable Path getSocket() {
		return this.socket;
	}

	public void setSocket(@Nullable Path socket) {
		this.socket = socket;
	}

	public @Nullable Path getPidFile() {
		return this.pidFile;
	}

	public void setPidFile(@Nullable Path pidFile) {
		this.pidFile = pidFile;
	}

	public @Nullable Path getFailureFile() {
		return this.failureFile;
	}

	public void setFailureFile(@Nullable Path failureFile) {
		this.failureFile = failureFile;
	}

	public Duration getIdleTimeout() {
		return this.idleTimeout;
	}

	public void setIdleTimeout(Duration idleTimeout) {
		this.idleTimeout = idleTimeout;
	}

}

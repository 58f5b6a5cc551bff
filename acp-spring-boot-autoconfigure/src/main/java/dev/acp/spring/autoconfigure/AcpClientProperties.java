package dev.acp.spring.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Calls the agent makes to the client: {@code acp.client.*}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.client")
public class AcpClientProperties {

	/**
	 * How long requests the agent sends to the client wait for an answer.
	 */
	private Duration requestTimeout = Duration.ofMinutes(5);

	public Duration getRequestTimeout() {
		return this.requestTimeout;
	}

	public void setRequestTimeout(Duration requestTimeout) {
		this.requestTimeout = requestTimeout;
	}

}

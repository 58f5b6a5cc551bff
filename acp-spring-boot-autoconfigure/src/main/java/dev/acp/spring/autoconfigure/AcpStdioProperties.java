package dev.acp.spring.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The stdio transport ({@code acp.transport=stdio}).
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.stdio")
public class AcpStdioProperties {

	/**
	 * Longest accepted message line; a longer line is answered with an error and skipped.
	 */
	private DataSize maxLineLength = DataSize.ofMegabytes(32);

	/**
	 * How long in-flight requests may finish once standard input closed or the
	 * application stops; the rest are answered as cancelled.
	 */
	private Duration drainTimeout = Duration.ofSeconds(10);

	/**
	 * How long a write to standard output may stay blocked (the client does not read it)
	 * before the client is treated as gone and the connection closes as at end of input;
	 * zero for no limit.
	 */
	private Duration sendTimeLimit = Duration.ofSeconds(60);

	/**
	 * Whether the process exits once standard input closed and the context closed.
	 */
	private boolean exitOnClose = true;

	public DataSize getMaxLineLength() {
		return this.maxLineLength;
	}

	public void setMaxLineLength(DataSize maxLineLength) {
		this.maxLineLength = maxLineLength;
	}

	public Duration getDrainTimeout() {
		return this.drainTimeout;
	}

	public void setDrainTimeout(Duration drainTimeout) {
		this.drainTimeout = drainTimeout;
	}

	public boolean isExitOnClose() {
		return this.exitOnClose;
	}

	public void setExitOnClose(boolean exitOnClose) {
		this.exitOnClose = exitOnClose;
	}

	public Duration getSendTimeLimit() {
		return this.sendTimeLimit;
	}

	public void setSendTimeLimit(Duration sendTimeLimit) {
		this.sendTimeLimit = sendTimeLimit;
	}

}

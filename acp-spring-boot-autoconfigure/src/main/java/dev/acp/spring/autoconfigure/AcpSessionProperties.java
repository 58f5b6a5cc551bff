package dev.acp.spring.autoconfigure;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration of the sessions the starter keeps.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.sessions")
public class AcpSessionProperties {

	/**
	 * Whether the starter keeps sessions: creates them on session/new, records their
	 * history, serves session/load, list, resume, close and delete when the application
	 * does not, and resolves AcpSession handler parameters. Off: none of it exists.
	 */
	private boolean enabled = true;

	/**
	 * Where sessions are kept.
	 */
	private Store store = Store.MEMORY;

	/**
	 * Whether sessions stay in this process's memory, whatever store is configured or
	 * declared, and never reach the application's store: for a run whose sessions must
	 * not last, such as the fast launch's training exchange, which sets it. Read when the
	 * sessions are created, so it holds for an application built with Spring AOT too.
	 */
	private boolean ephemeral;

	/**
	 * Most history entries (session/update notifications, one per prompt content block)
	 * kept per session; beyond it the oldest are dropped.
	 */
	private int maxHistory = 10_000;

	/**
	 * Most history bytes kept per session; beyond it the oldest entries are dropped, and
	 * an entry larger than it is not kept. The in-memory store estimates an entry as the
	 * UTF-8 length of its strings plus a constant; the JDBC store counts the UTF-8 bytes
	 * of its stored JSON, and a replay reads no more. 16 MB: one message as large as the
	 * WebSocket transport accepts.
	 */
	private DataSize maxHistorySize = DataSize.ofMegabytes(16);

	/**
	 * Most sessions a session/list page holds.
	 */
	private int listPageSize = 50;

	/**
	 * How long a prompt turn holds its session against other connections unless renewed;
	 * a running turn renews it every third of this, so a claim of an instance that died
	 * lapses within this time.
	 */
	private Duration claimDuration = Duration.ofSeconds(30);

	/**
	 * Most updates of one turn held in memory before they are written in the middle of
	 * the turn; a turn's updates are otherwise written once, when it ends.
	 */
	private int batchSize = 1000;

	private final Memory memory = new Memory();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Store getStore() {
		return this.store;
	}

	public void setStore(Store store) {
		this.store = store;
	}

	public boolean isEphemeral() {
		return this.ephemeral;
	}

	public void setEphemeral(boolean ephemeral) {
		this.ephemeral = ephemeral;
	}

	public int getMaxHistory() {
		return this.maxHistory;
	}

	public void setMaxHistory(int maxHistory) {
		this.maxHistory = maxHistory;
	}

	public DataSize getMaxHistorySize() {
		return this.maxHistorySize;
	}

	public void setMaxHistorySize(DataSize maxHistorySize) {
		this.maxHistorySize = maxHistorySize;
	}

	public int getListPageSize() {
		return this.listPageSize;
	}

	public void setListPageSize(int listPageSize) {
		this.listPageSize = listPageSize;
	}

	public Duration getClaimDuration() {
		return this.claimDuration;
	}

	public void setClaimDuration(Duration claimDuration) {
		this.claimDuration = claimDuration;
	}

	public int getBatchSize() {
		return this.batchSize;
	}

	public void setBatchSize(int batchSize) {
		this.batchSize = batchSize;
	}

	public Memory getMemory() {
		return this.memory;
	}

	/**
	 * Where sessions are kept.
	 */
	public enum Store {

		/**
		 * In this process's memory: bounded, lost when it ends.
		 */
		MEMORY,

		/**
		 * In a database through JDBC, shared by the instances of the agent.
		 */
		JDBC

	}

	/**
	 * The in-memory store.
	 */
	public static class Memory {

		/**
		 * Most sessions kept; past it a new session evicts the idle ones, then the least
		 * recently used one no turn holds.
		 */
		private int maxSessions = 1000;

		/**
		 * How long a session neither written nor read is kept.
		 */
		private Duration idleTimeout = Duration.ofHours(24);

		/**
		 * Most history bytes kept by all sessions, estimated likewise; beyond it the
		 * history of the least recently used sessions no turn holds is evicted with them,
		 * then the oldest entries of the session written.
		 */
		private DataSize maxSize = DataSize.ofMegabytes(64);

		public DataSize getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(DataSize maxSize) {
			this.maxSize = maxSize;
		}

		public int getMaxSessions() {
			return this.maxSessions;
		}

		public void setMaxSessions(int maxSessions) {
			this.maxSessions = maxSessions;
		}

		public Duration getIdleTimeout() {
			return this.idleTimeout;
		}

		public void setIdleTimeout(Duration idleTimeout) {
			this.idleTimeout = idleTimeout;
		}

	}

}

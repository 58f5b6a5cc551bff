package dev.acp.spring.agent.support;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.SessionConfigOption;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.session.AcpSession;
import dev.acp.spring.session.AcpSessionData;

/**
 * A session served by one connection: its state as handlers change it, and the history
 * recorded since the last flush. Recording an update costs a lock and a list add; the
 * batch goes to the store in one append.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class DefaultAcpSession implements AcpSession {

	private final String id;

	private final String cwd;

	private final List<String> additionalDirectories;

	private final Instant createdAt;

	private final @Nullable String owner;

	private volatile List<McpServer> mcpServers;

	private volatile @Nullable String title;

	private volatile @Nullable String currentModeId;

	private final Map<String, String> configOptions = new ConcurrentHashMap<>();

	private final Map<String, Object> attributes = new ConcurrentHashMap<>();

	private volatile boolean changed;

	private final Object flushLock = new Object();

	private ArrayList<SessionUpdate> recorded = new ArrayList<>();

	private boolean inTurn;

	DefaultAcpSession(AcpSessionData data) {
		this.id = data.sessionId();
		this.cwd = data.cwd();
		this.additionalDirectories = data.additionalDirectories();
		this.createdAt = data.createdAt();
		this.owner = data.owner();
		this.mcpServers = data.mcpServers();
		this.title = data.title();
		this.currentModeId = data.currentModeId();
		this.configOptions.putAll(data.configOptions());
		this.attributes.putAll(data.attributes());
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public String cwd() {
		return this.cwd;
	}

	@Override
	public List<String> additionalDirectories() {
		return this.additionalDirectories;
	}

	@Override
	public List<McpServer> mcpServers() {
		return this.mcpServers;
	}

	void mcpServers(@Nullable List<McpServer> mcpServers) {
		if (mcpServers != null) {
			this.mcpServers = List.copyOf(mcpServers);
		}
	}

	@Override
	public @Nullable String title() {
		return this.title;
	}

	@Override
	public void setTitle(@Nullable String title) {
		this.title = title;
		this.changed = true;
	}

	@Override
	public @Nullable String currentModeId() {
		return this.currentModeId;
	}

	@Override
	public void setCurrentModeId(@Nullable String modeId) {
		this.currentModeId = modeId;
		this.changed = true;
	}

	@Override
	public Map<String, String> configOptions() {
		return Collections.unmodifiableMap(new LinkedHashMap<>(this.configOptions));
	}

	@Override
	public void setConfigOption(String configId, @Nullable String value) {
		if (value != null) {
			this.configOptions.put(configId, value);
		}
		else {
			this.configOptions.remove(configId);
		}
		this.changed = true;
	}

	@Override
	public @Nullable Object getAttribute(String name) {
		return this.attributes.get(name);
	}

	@Override
	public void setAttribute(String name, @Nullable Object value) {
		if (value != null) {
			this.attributes.put(name, value);
		}
		else {
			this.attributes.remove(name);
		}
		this.changed = true;
	}

	@Override
	public Map<String, Object> attributes() {
		return Collections.unmodifiableMap(new LinkedHashMap<>(this.attributes));
	}

	@Override
	public Instant createdAt() {
		return this.createdAt;
	}

	/**
	 * Whether the state changed since the last {@link #data}.
	 */
	boolean isChanged() {
		return this.changed;
	}

	/**
	 * The name of the principal the session belongs to, {@code null} for the anonymous
	 * owner.
	 */
	@Nullable String owner() {
		return this.owner;
	}

	/**
	 * The state to store, and forget that it changed. The MCP servers are not stored:
	 * their {@code env} and {@code headers} carry secrets, and the client sends them
	 * again when it loads or resumes the session.
	 */
	AcpSessionData data(Instant updatedAt) {
		this.changed = false;
		return new AcpSessionData(this.id, this.cwd, this.additionalDirectories, List.of(), this.title,
				this.currentModeId, this.configOptions, this.attributes, this.createdAt, updatedAt, this.owner);
	}

	/**
	 * Record an update the agent sent and follow the state it announces (title, mode,
	 * config options).
	 * @return whether the recorded updates should be flushed now: outside a turn, or when
	 * the batch is full
	 */
	boolean record(SessionUpdate update, int batchSize) {
		follow(update);
		synchronized (this) {
			this.recorded.add(update);
			return !this.inTurn || this.recorded.size() >= batchSize;
		}
	}

	private void follow(SessionUpdate update) {
		if (update instanceof SessionUpdate.CurrentModeUpdate mode) {
			setCurrentModeId(mode.currentModeId());
		}
		else if (update instanceof SessionUpdate.SessionInfoUpdate info && info.title() != null) {
			setTitle(info.title());
		}
		else if (update instanceof SessionUpdate.ConfigOptionUpdate options) {
			configOptions(options.configOptions());
		}
	}

	void configOptions(@Nullable List<SessionConfigOption> options) {
		if (options == null) {
			return;
		}
		for (SessionConfigOption option : options) {
			if (option instanceof SessionConfigOption.Select select) {
				setConfigOption(select.id(), select.currentValue());
			}
			else if (option instanceof SessionConfigOption.BooleanOption bool) {
				setConfigOption(bool.id(), bool.currentValue().toString());
			}
		}
	}

	/**
	 * Start a turn: its prompt comes first in the batch.
	 */
	synchronized void beginTurn(List<SessionUpdate> prompt) {
		this.inTurn = true;
		this.recorded.addAll(prompt);
	}

	synchronized void endTurn() {
		this.inTurn = false;
	}

	/**
	 * The lock held while a batch is written, so that batches reach the store in order.
	 */
	Object flushLock() {
		return this.flushLock;
	}

	/**
	 * Take the updates recorded since the last call.
	 */
	synchronized List<SessionUpdate> drain() {
		if (this.recorded.isEmpty()) {
			return List.of();
		}
		List<SessionUpdate> batch = this.recorded;
		this.recorded = new ArrayList<>();
		return batch;
	}

}

package dev.acp.spring.agent.support;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

import dev.acp.spring.protocol.HistorySize;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.SystemPrompt;
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

	private volatile @Nullable SystemPrompt systemPrompt;

	private volatile @Nullable String title;

	private volatile @Nullable String currentModeId;

	private final Map<String, String> configOptions = new ConcurrentHashMap<>();

	private final Map<String, Object> attributes = new ConcurrentHashMap<>();

	private volatile boolean changed;

	private long changes;

	private boolean titleChanged;

	private boolean modeChanged;

	private final Set<String> changedConfigOptions = new HashSet<>();

	private final Set<String> changedAttributes = new HashSet<>();

	private final Object flushLock = new Object();

	private ArrayList<SessionUpdate> recorded = new ArrayList<>();

	/**
	 * The estimated bytes of {@link #recorded}.
	 */
	private long recordedSize;

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

	@Override
	public @Nullable SystemPrompt systemPrompt() {
		return this.systemPrompt;
	}

	void systemPrompt(@Nullable SystemPrompt systemPrompt) {
		this.systemPrompt = systemPrompt;
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
	public synchronized void setTitle(@Nullable String title) {
		this.title = title;
		this.titleChanged = true;
		changed();
	}

	@Override
	public @Nullable String currentModeId() {
		return this.currentModeId;
	}

	@Override
	public synchronized void setCurrentModeId(@Nullable String modeId) {
		this.currentModeId = modeId;
		this.modeChanged = true;
		changed();
	}

	@Override
	public Map<String, String> configOptions() {
		return Collections.unmodifiableMap(new LinkedHashMap<>(this.configOptions));
	}

	@Override
	public synchronized void setConfigOption(String configId, @Nullable String value) {
		if (value != null) {
			this.configOptions.put(configId, value);
		}
		else {
			this.configOptions.remove(configId);
		}
		this.changedConfigOptions.add(configId);
		changed();
	}

	@Override
	public @Nullable Object getAttribute(String name) {
		return this.attributes.get(name);
	}

	@Override
	public synchronized void setAttribute(String name, @Nullable Object value) {
		if (value != null) {
			this.attributes.put(name, value);
		}
		else {
			this.attributes.remove(name);
		}
		this.changedAttributes.add(name);
		changed();
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
	synchronized AcpSessionData data(Instant updatedAt) {
		forgetChanges();
		return new AcpSessionData(this.id, this.cwd, this.additionalDirectories, List.of(), this.title,
				this.currentModeId, this.configOptions, this.attributes, this.createdAt, updatedAt, this.owner);
	}

	private void changed() {
		this.changes++;
		this.changed = true;
	}

	/**
	 * How many changes were made so far: given back to {@link #written} to tell whether a
	 * change came in while a write was under way.
	 */
	synchronized long changeMark() {
		return this.changes;
	}

	/**
	 * The stored state with this session's changes since the last write applied (the
	 * title, the mode, each config option and attribute set here), so that what another
	 * connection serving the session wrote meanwhile is kept.
	 * @param stored the session as the store has it now
	 * @param updatedAt the time of the write
	 * @return the state to store
	 */
	synchronized AcpSessionData changesOn(AcpSessionData stored, Instant updatedAt) {
		return new AcpSessionData(this.id, this.cwd, this.additionalDirectories, List.of(),
				this.titleChanged ? this.title : stored.title(),
				this.modeChanged ? this.currentModeId : stored.currentModeId(),
				merge(stored.configOptions(), this.configOptions, this.changedConfigOptions),
				merge(stored.attributes(), this.attributes, this.changedAttributes), this.createdAt, updatedAt,
				this.owner);
	}

	/**
	 * The state of {@link #changesOn} was stored: take it, and forget the changes it
	 * holds unless another came in since {@code mark} (then they are written again next
	 * time, which changes nothing).
	 * @param data what was stored
	 * @param mark the {@link #changeMark()} taken before {@link #changesOn}
	 */
	synchronized void written(AcpSessionData data, long mark) {
		if (this.changes == mark) {
			forgetChanges();
		}
		refresh(data);
	}

	/**
	 * Take the stored state of what this session has not changed since its last write:
	 * what another connection serving the session wrote, before a turn here reads it.
	 * @param stored the session as the store has it now
	 */
	synchronized void refresh(AcpSessionData stored) {
		if (!this.titleChanged) {
			this.title = stored.title();
		}
		if (!this.modeChanged) {
			this.currentModeId = stored.currentModeId();
		}
		adopt(this.configOptions, stored.configOptions(), this.changedConfigOptions);
		adopt(this.attributes, stored.attributes(), this.changedAttributes);
	}

	private void forgetChanges() {
		this.changed = false;
		this.titleChanged = false;
		this.modeChanged = false;
		this.changedConfigOptions.clear();
		this.changedAttributes.clear();
	}

	private static <V> Map<String, V> merge(Map<String, V> stored, Map<String, V> local, Set<String> changed) {
		if (changed.isEmpty()) {
			return stored;
		}
		Map<String, V> merged = new LinkedHashMap<>(stored);
		for (String key : changed) {
			V value = local.get(key);
			if (value != null) {
				merged.put(key, value);
			}
			else {
				merged.remove(key);
			}
		}
		return merged;
	}

	private static <V> void adopt(Map<String, V> local, Map<String, V> stored, Set<String> changed) {
		local.keySet().removeIf((key) -> !changed.contains(key) && !stored.containsKey(key));
		stored.forEach((key, value) -> {
			if (value != null && !changed.contains(key)) {
				local.put(key, value);
			}
		});
	}

	/**
	 * Record an update the agent sent and follow the state it announces (title, mode,
	 * config options).
	 * @return whether the recorded updates should be flushed now: outside a turn, or when
	 * the batch is full, in updates or in estimated bytes
	 */
	boolean record(SessionUpdate update, int batchSize, long batchMaxSize) {
		follow(update);
		long size = HistorySize.of(update);
		synchronized (this) {
			this.recorded.add(update);
			this.recordedSize += size;
			return !this.inTurn || this.recorded.size() >= batchSize || this.recordedSize >= batchMaxSize;
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
		for (SessionUpdate update : prompt) {
			this.recordedSize += HistorySize.of(update);
		}
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
	 * A write of {@code batch} failed: hold it again before what was recorded since, for
	 * the next write, keeping at most {@code maxUpdates} updates and {@code maxSize}
	 * estimated bytes; past them the oldest are dropped.
	 * @return how many updates were dropped
	 */
	synchronized int keep(List<SessionUpdate> batch, int maxUpdates, long maxSize) {
		ArrayList<SessionUpdate> held = new ArrayList<>(batch.size() + this.recorded.size());
		held.addAll(batch);
		held.addAll(this.recorded);
		long size = this.recordedSize;
		for (SessionUpdate update : batch) {
			size += HistorySize.of(update);
		}
		int dropped = 0;
		while (dropped < held.size() && (held.size() - dropped > maxUpdates || size > maxSize)) {
			size -= HistorySize.of(held.get(dropped));
			dropped++;
		}
		this.recorded = new ArrayList<>(held.subList(dropped, held.size()));
		this.recordedSize = size;
		return dropped;
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
		this.recordedSize = 0;
		return batch;
	}

}

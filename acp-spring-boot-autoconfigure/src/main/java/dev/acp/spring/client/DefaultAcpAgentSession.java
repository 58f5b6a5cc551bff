package dev.acp.spring.client;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.CancelNotification;
import dev.acp.spring.protocol.CloseSessionRequest;
import dev.acp.spring.protocol.CloseSessionResponse;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionCapabilities;
import dev.acp.spring.protocol.SessionConfigOption;
import dev.acp.spring.protocol.SessionModeState;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.SetSessionConfigOptionRequest;
import dev.acp.spring.protocol.SetSessionConfigOptionResponse;
import dev.acp.spring.protocol.SetSessionModeRequest;
import dev.acp.spring.protocol.SetSessionModeResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * A session on one connection. Updates are delivered under the session's lock, so a
 * listener sees them one at a time in arrival order; the listener of the running turn
 * gets them, else the session's listener, else they wait (bounded) for the next one.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DefaultAcpAgentSession implements AcpAgentSession {

	private static final Log logger = LogFactory.getLog(DefaultAcpAgentSession.class);

	private static final int MAX_BACKLOG = 1024;

	private static final ThreadLocal<Boolean> delivering = new ThreadLocal<>();

	private final AgentConnection connection;

	private final String id;

	private final Path cwd;

	private final ArrayDeque<SessionUpdate> backlog = new ArrayDeque<>();

	/** The answers to the agent's permission requests the policy is still deciding. */
	private final Set<CompletableFuture<RequestPermissionResponse>> permissions = ConcurrentHashMap.newKeySet();

	private volatile @Nullable SessionModeState modes;

	private volatile List<SessionConfigOption> configOptions;

	private @Nullable Consumer<SessionUpdate> listener;

	private @Nullable Consumer<SessionUpdate> turn;

	private @Nullable V2Turn v2Turn;

	DefaultAcpAgentSession(AgentConnection connection, String id, Path cwd, @Nullable SessionModeState modes,
			@Nullable List<SessionConfigOption> configOptions, @Nullable Consumer<SessionUpdate> listener) {
		this.connection = connection;
		this.id = id;
		this.cwd = cwd;
		this.modes = modes;
		this.configOptions = (configOptions != null) ? List.copyOf(configOptions) : List.of();
		this.listener = listener;
	}

	void started(@Nullable SessionModeState modes, @Nullable List<SessionConfigOption> configOptions) {
		if (modes != null) {
			this.modes = modes;
		}
		if (configOptions != null) {
			this.configOptions = List.copyOf(configOptions);
		}
	}

	@Override
	public String id() {
		return this.id;
	}

	@Override
	public Path cwd() {
		return this.cwd;
	}

	@Override
	public AcpAgentClient client() {
		return this.connection.client();
	}

	@Override
	public int protocolVersion() {
		return this.connection.protocolVersion();
	}

	@Override
	public @Nullable SessionModeState modes() {
		return this.modes;
	}

	@Override
	public List<SessionConfigOption> configOptions() {
		return this.configOptions;
	}

	synchronized void deliver(SessionUpdate update) {
		track(update);
		Consumer<SessionUpdate> target = (this.turn != null) ? this.turn : this.listener;
		if (target == null) {
			if (this.backlog.size() == MAX_BACKLOG) {
				this.backlog.pollFirst();
			}
			this.backlog.addLast(update);
			return;
		}
		accept(target, update);
	}

	private void track(SessionUpdate update) {
		if (update instanceof SessionUpdate.CurrentModeUpdate mode) {
			SessionModeState current = this.modes;
			if (current != null) {
				this.modes = new SessionModeState(mode.currentModeId(), current.availableModes(), current.meta(),
						current.unknown());
			}
		}
		else if (update instanceof SessionUpdate.ConfigOptionUpdate options) {
			this.configOptions = List.copyOf(options.configOptions());
		}
	}

	private void accept(Consumer<SessionUpdate> target, SessionUpdate update) {
		delivering.set(Boolean.TRUE);
		try {
			target.accept(update);
		}
		catch (RuntimeException ex) {
			logger.warn("A session/update listener of session '" + this.id + "' failed", ex);
		}
		finally {
			delivering.remove();
		}
	}

	private void drainBacklog(Consumer<SessionUpdate> target) {
		SessionUpdate update;
		while ((update = this.backlog.pollFirst()) != null) {
			accept(target, update);
		}
	}

	@Override
	public synchronized void onUpdate(@Nullable Consumer<SessionUpdate> listener) {
		this.listener = listener;
		if (listener != null && this.turn == null) {
			drainBacklog(listener);
		}
	}

	@Override
	public PromptResponse prompt(String text, Consumer<SessionUpdate> onUpdate) {
		return prompt(List.of(ContentBlock.text(text)), onUpdate);
	}

	@Override
	public PromptResponse prompt(List<ContentBlock> prompt, Consumer<SessionUpdate> onUpdate) {
		if (Boolean.TRUE.equals(delivering.get())) {
			throw new IllegalStateException("prompt() blocks until the turn's updates were delivered, so it cannot be"
					+ " called from a session/update listener; use promptAsync()");
		}
		return DefaultAcpAgentClient.await(startTurn(prompt, onUpdate));
	}

	@Override
	public CompletableFuture<PromptResponse> promptAsync(String text, Consumer<SessionUpdate> onUpdate) {
		return promptAsync(List.of(ContentBlock.text(text)), onUpdate);
	}

	@Override
	public CompletableFuture<PromptResponse> promptAsync(List<ContentBlock> prompt, Consumer<SessionUpdate> onUpdate) {
		return startTurn(prompt, onUpdate).whenCompleteAsync((result, failure) -> {
		}, this.connection.client().executor());
	}

	private CompletableFuture<PromptResponse> startTurn(List<ContentBlock> prompt, Consumer<SessionUpdate> onUpdate) {
		synchronized (this) {
			if (this.turn != null) {
				throw new IllegalStateException("A prompt turn is running on session '" + this.id
						+ "'; wait for its answer or cancel it first");
			}
			this.turn = onUpdate;
			drainBacklog(onUpdate);
		}
		try {
			CompletableFuture<PromptResponse> answer = (this.connection.protocolVersion() == 2) ? startV2Turn(prompt)
					: this.connection.call(AcpMethods.SESSION_PROMPT, new PromptRequest(this.id, prompt, null),
							PromptResponse.class, owner().promptTimeout());
			return answer.whenComplete((result, failure) -> endTurn(onUpdate));
		}
		catch (RuntimeException ex) {
			endTurn(onUpdate);
			throw ex;
		}
	}

	/**
	 * Send a v2 {@code session/prompt}: the answer only acknowledges the prompt, the turn
	 * ends with the {@code idle} state that follows (see {@link V2Turn}).
	 */
	private CompletableFuture<PromptResponse> startV2Turn(List<ContentBlock> prompt) {
		V2Turn turn = new V2Turn(owner().name());
		synchronized (this) {
			this.v2Turn = turn;
		}
		Duration timeout = owner().promptTimeout();
		List<dev.acp.spring.protocol.v2.ContentBlock> content = this.connection.mapper()
			.convertValue(prompt,
					this.connection.mapper()
						.getTypeFactory()
						.constructCollectionType(List.class, dev.acp.spring.protocol.v2.ContentBlock.class));
		// the callback hands any failure to the turn: the future whenComplete returns
		// holds
		// nothing more
		var unused = this.connection
			.call(AcpMethods.SESSION_PROMPT, new dev.acp.spring.protocol.v2.PromptRequest(this.id, content),
					dev.acp.spring.protocol.v2.PromptResponse.class, timeout)
			.whenComplete((ack, failure) -> {
				if (failure != null) {
					turn.fail((failure instanceof CompletionException && failure.getCause() != null)
							? failure.getCause() : failure);
				}
				else {
					turn.acknowledged();
				}
			});
		return turn.result().orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).handle((result, failure) -> {
			if (failure != null) {
				throw new CompletionException(this.connection.translate(AcpMethods.SESSION_PROMPT, failure, timeout));
			}
			return result;
		});
	}

	/**
	 * A v2 {@code state_update} of this session arrived, after the updates before it were
	 * delivered.
	 * @param state the state
	 */
	synchronized void state(dev.acp.spring.protocol.v2.StateUpdate state) {
		V2Turn current = this.v2Turn;
		if (current != null) {
			current.state(state);
		}
	}

	/**
	 * The connection went away: a v2 turn waiting for its end fails (a v1 turn fails with
	 * its pending request).
	 * @param failure the failure
	 */
	void connectionLost(AcpAgentClosedException failure) {
		V2Turn current;
		synchronized (this) {
			current = this.v2Turn;
		}
		if (current != null) {
			current.fail(failure);
		}
	}

	private synchronized void endTurn(Consumer<SessionUpdate> onUpdate) {
		if (this.turn == onUpdate) {
			this.turn = null;
			this.v2Turn = null;
		}
	}

	private DefaultAcpAgentClient owner() {
		return this.connection.client();
	}

	@Override
	public void cancel() {
		this.connection.notify(AcpMethods.SESSION_CANCEL, new CancelNotification(this.id, null));
		for (CompletableFuture<RequestPermissionResponse> permission : this.permissions) {
			permission.complete(new RequestPermissionResponse(new RequestPermissionOutcome.Cancelled()));
		}
	}

	/**
	 * Answer a permission request of the agent with the policy's decision, made on the
	 * executor; a {@link #cancel()} meanwhile answers it cancelled at once, and the
	 * decision made later is dropped.
	 * @param decision the policy's decision
	 * @param executor where the policy decides
	 * @return the answer
	 */
	CompletableFuture<RequestPermissionResponse> permission(Supplier<RequestPermissionResponse> decision,
			Executor executor) {
		CompletableFuture<RequestPermissionResponse> answer = new CompletableFuture<>();
		this.permissions.add(answer);
		// removing from the set cannot fail
		var unused = answer.whenComplete((response, failure) -> this.permissions.remove(answer));
		try {
			executor.execute(() -> {
				try {
					answer.complete(decision.get());
				}
				catch (RuntimeException | Error ex) {
					answer.completeExceptionally(ex);
				}
			});
		}
		catch (RejectedExecutionException ex) {
			answer.completeExceptionally(ex);
		}
		return answer;
	}

	@Override
	public void setMode(String modeId) {
		DefaultAcpAgentClient.await(this.connection.call(AcpMethods.SESSION_SET_MODE,
				new SetSessionModeRequest(this.id, modeId), SetSessionModeResponse.class, owner().requestTimeout()));
		SessionModeState current = this.modes;
		if (current != null) {
			this.modes = new SessionModeState(modeId, current.availableModes(), current.meta(), current.unknown());
		}
	}

	@Override
	public List<SessionConfigOption> setConfigOption(String configId, String valueId) {
		return setConfigOption(SetSessionConfigOptionRequest.ofValue(this.id, configId, valueId));
	}

	@Override
	public List<SessionConfigOption> setConfigOption(String configId, boolean value) {
		return setConfigOption(SetSessionConfigOptionRequest.ofBoolean(this.id, configId, value));
	}

	private List<SessionConfigOption> setConfigOption(SetSessionConfigOptionRequest request) {
		SetSessionConfigOptionResponse response = DefaultAcpAgentClient
			.await(this.connection.call(AcpMethods.SESSION_SET_CONFIG_OPTION, request,
					SetSessionConfigOptionResponse.class, owner().requestTimeout()));
		this.configOptions = List.copyOf(response.configOptions());
		return this.configOptions;
	}

	@Override
	public void close() {
		this.connection.unregister(this);
		AcpClientTerminals terminals = this.connection.terminals();
		if (terminals != null) {
			terminals.releaseSession(this.id);
		}
		if (this.connection.isOpen() && advertisesClose()) {
			try {
				DefaultAcpAgentClient.await(this.connection.call(AcpMethods.SESSION_CLOSE,
						new CloseSessionRequest(this.id), CloseSessionResponse.class, owner().requestTimeout()));
			}
			catch (CompletionException | AcpAgentClientException ex) {
				logger.debug("session/close of '" + this.id + "' failed: " + ex.getMessage());
			}
		}
	}

	private boolean advertisesClose() {
		AgentCapabilities capabilities = this.connection.initializeResponse().agentCapabilities();
		SessionCapabilities session = (capabilities != null) ? capabilities.sessionCapabilities() : null;
		return session != null && session.close() != null;
	}

	@Override
	public String toString() {
		return "AcpAgentSession '" + this.id + "' of agent '" + client().name() + "' in " + this.cwd;
	}

}

package dev.acp.spring.ai;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

import dev.acp.spring.method.AcpClient;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallContent;
import dev.acp.spring.protocol.ToolCallLocation;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.Flux;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.StringNode;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.metadata.Usage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.metadata.ToolMetadata;
import org.springframework.util.StringUtils;

/**
 * One prompt turn: streams the model's answer to the client as session updates, runs the
 * tools it asks for as ACP tool calls (asking permission first where needed), and stops
 * everything the moment the turn is cancelled.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class PromptTurn {

	private static final Log logger = LogFactory.getLog(PromptTurn.class);

	private static final String REASONING_CONTENT = "reasoningContent";

	private static final String ALLOW_ONCE = "allow_once";

	private static final String ALLOW_ALWAYS = "allow_always";

	private static final String REJECT_ONCE = "reject_once";

	private static final List<PermissionOption> PERMISSION_OPTIONS = List.of(
			PermissionOption.allowOnce(ALLOW_ONCE, "Allow"), PermissionOption.allowAlways(ALLOW_ALWAYS, "Always allow"),
			PermissionOption.rejectOnce(REJECT_ONCE, "Reject"));

	private final AiSession session;

	private final AcpClient client;

	private final ObjectMapper mapper;

	private final long contextWindow;

	private final Disposable.Swap subscription = Disposables.swap();

	private final CompletableFuture<StopReason> done = new CompletableFuture<>();

	private final Set<CompletableFuture<?>> pending = ConcurrentHashMap.newKeySet();

	private final Map<String, String> reasoning = new ConcurrentHashMap<>();

	/**
	 * The tool calls not finished yet, with the thread running each; guarded by itself.
	 */
	private final Map<String, Thread> runningToolCalls = new LinkedHashMap<>();

	private volatile boolean cancelled;

	private volatile @Nullable String finishReason;

	private volatile boolean refused;

	private volatile @Nullable Usage usage;

	PromptTurn(AiSession session, AcpClient client, ObjectMapper mapper, long contextWindow) {
		this.session = session;
		this.client = client;
		this.mapper = mapper;
		this.contextWindow = contextWindow;
	}

	/**
	 * Wrap the tools for this turn: each call shows as an ACP tool call.
	 * @param tools the tools
	 * @return the callbacks to give the chat client
	 */
	List<ToolCallback> callbacks(List<SessionTool> tools) {
		return tools.stream().map((tool) -> (ToolCallback) new TurnToolCallback(tool)).toList();
	}

	/**
	 * Stream the model's answer until it ends or the turn is cancelled.
	 * @param responses the model's streamed answer, not subscribed yet
	 * @return how the turn stopped
	 * @throws Exception when the model failed
	 */
	StopReason run(Flux<ChatResponse> responses) throws Exception {
		this.subscription.update(responses.subscribe(this::onResponse, this.done::completeExceptionally,
				() -> this.done.complete(stopReason())));
		if (this.cancelled) {
			this.subscription.dispose();
		}
		try {
			StopReason stopReason = this.done.get();
			sendUsage();
			return stopReason;
		}
		catch (InterruptedException ex) {
			cancel();
			Thread.currentThread().interrupt();
			return StopReason.CANCELLED;
		}
		catch (ExecutionException ex) {
			if (this.cancelled) {
				return StopReason.CANCELLED;
			}
			throw (ex.getCause() instanceof Exception cause) ? cause : ex;
		}
	}

	/**
	 * Stop the turn: close the model's stream, give up calls to the client, mark the tool
	 * calls not finished failed and interrupt the threads running them, answer
	 * {@code cancelled}. Does not block.
	 */
	void cancel() {
		this.cancelled = true;
		this.subscription.dispose();
		this.pending.forEach((call) -> call.cancel(true));
		synchronized (this.runningToolCalls) {
			this.runningToolCalls.forEach((toolCallId, thread) -> {
				markCancelled(toolCallId);
				thread.interrupt();
			});
			this.runningToolCalls.clear();
		}
		this.done.complete(StopReason.CANCELLED);
	}

	private void onResponse(ChatResponse response) {
		if (this.cancelled) {
			return;
		}
		Usage responseUsage = response.getMetadata().getUsage();
		if (responseUsage != null && responseUsage.getTotalTokens() != null && responseUsage.getTotalTokens() > 0) {
			this.usage = responseUsage;
		}
		for (Generation generation : response.getResults()) {
			AssistantMessage message = generation.getOutput();
			sendReasoning(message);
			String text = message.getText();
			if (StringUtils.hasLength(text)) {
				this.client.agentMessageChunk(this.session.id(), text);
			}
			Object refusal = message.getMetadata().get("refusal");
			if (refusal instanceof String value && !value.isEmpty()) {
				this.refused = true;
			}
			String reason = generation.getMetadata().getFinishReason();
			if (StringUtils.hasText(reason)) {
				this.finishReason = reason;
			}
		}
	}

	private void sendReasoning(AssistantMessage message) {
		Object value = message.getMetadata().get(REASONING_CONTENT);
		if (!(value instanceof String all) || all.isEmpty()) {
			return;
		}
		// OpenAI-compatible models give the reasoning so far with every chunk
		String key = String.valueOf(message.getMetadata().get("id"));
		String before = this.reasoning.put(key, all);
		String delta = (before != null && all.startsWith(before)) ? all.substring(before.length()) : all;
		if (!delta.isEmpty()) {
			this.client.agentThoughtChunk(this.session.id(), delta);
		}
	}

	private StopReason stopReason() {
		if (this.cancelled) {
			return StopReason.CANCELLED;
		}
		if (this.refused) {
			return StopReason.REFUSAL;
		}
		String reason = (this.finishReason != null) ? this.finishReason.toLowerCase(java.util.Locale.ROOT) : "";
		return switch (reason) {
			case "length", "max_tokens" -> StopReason.MAX_TOKENS;
			case "content_filter", "refusal", "safety" -> StopReason.REFUSAL;
			default -> StopReason.END_TURN;
		};
	}

	private void sendUsage() {
		Usage last = this.usage;
		if (last != null && !this.cancelled) {
			this.client.usageUpdate(this.session.id(), last.getTotalTokens(), this.contextWindow, null);
		}
	}

	private String runTool(SessionTool tool, String rawInput, @Nullable ToolContext toolContext) {
		if (this.cancelled) {
			throw new CancellationException("The turn was cancelled");
		}
		String sessionId = this.session.id();
		String name = tool.definition().name();
		String toolCallId = this.session.nextToolCallId();
		JsonNode input = parse(rawInput);
		Run run = new Run(toolCallId, toolContext);
		List<ToolCallContent> preview = tool.preview(input, run);
		List<ToolCallLocation> locations = tool.locations(input);
		String title = tool.title(input);
		this.client.toolCall(sessionId,
				new SessionUpdate.ToolCall(toolCallId, title, name, tool.kind(), ToolCallStatus.PENDING,
						preview.isEmpty() ? null : preview, locations.isEmpty() ? null : locations, input, null));
		started(toolCallId);
		try {
			if (tool.asksPermission() && !this.session.isAlwaysAllowed(name)) {
				ToolCallUpdate asked = new ToolCallUpdate(toolCallId, tool.kind(), ToolCallStatus.PENDING, title, name,
						preview.isEmpty() ? null : preview, locations.isEmpty() ? null : locations, input, null);
				String choice = askPermission(asked);
				if (ALLOW_ALWAYS.equals(choice)) {
					this.session.allowAlways(name);
				}
				else if (!ALLOW_ONCE.equals(choice)) {
					finished(toolCallId,
							ToolCallUpdate.builder(toolCallId)
								.status(ToolCallStatus.FAILED)
								.text("Rejected by the user")
								.build());
					return "The user rejected this call of " + name + "; it did not run. "
							+ "Do not retry it unless the user asks.";
				}
			}
			running(toolCallId, new ToolCallUpdate(toolCallId).withStatus(ToolCallStatus.IN_PROGRESS));
			ToolOutcome outcome = tool.run(rawInput, input, run);
			finished(toolCallId,
					new ToolCallUpdate(toolCallId).withStatus(ToolCallStatus.COMPLETED).withContent(outcome.content()));
			return outcome.forModel();
		}
		catch (CancellationException ex) {
			throw ex;
		}
		catch (Exception ex) {
			if (this.cancelled) {
				throw new CancellationException("The turn was cancelled");
			}
			String message = failure(ex);
			finished(toolCallId,
					ToolCallUpdate.builder(toolCallId).status(ToolCallStatus.FAILED).text(message).build());
			logger.debug("Tool " + name + " failed in session " + sessionId, ex);
			return "The tool " + name + " failed: " + message;
		}
		finally {
			ended(toolCallId);
		}
	}

	/**
	 * A tool call starts on this thread, which {@link #cancel()} interrupts.
	 */
	private void started(String toolCallId) {
		synchronized (this.runningToolCalls) {
			if (this.cancelled) {
				markCancelled(toolCallId);
				throw new CancellationException("The turn was cancelled");
			}
			this.runningToolCalls.put(toolCallId, Thread.currentThread());
		}
	}

	/**
	 * Send an update of a tool call still running; none after {@link #cancel()} marked it
	 * failed.
	 */
	private void running(String toolCallId, ToolCallUpdate update) {
		synchronized (this.runningToolCalls) {
			if (!this.runningToolCalls.containsKey(toolCallId)) {
				throw new CancellationException("The turn was cancelled");
			}
			this.client.toolCallUpdate(this.session.id(), update);
		}
	}

	/**
	 * Send the last update of a tool call, unless {@link #cancel()} sent it.
	 */
	private void finished(String toolCallId, ToolCallUpdate update) {
		synchronized (this.runningToolCalls) {
			if (this.runningToolCalls.remove(toolCallId) == null) {
				throw new CancellationException("The turn was cancelled");
			}
			this.client.toolCallUpdate(this.session.id(), update);
		}
	}

	/**
	 * A tool call ended without its last update: when the turn's cancellation stopped it
	 * before {@link #cancel()} could mark it (closing the model's stream interrupts the
	 * thread running it), it is marked failed here, before the turn answers.
	 */
	private void ended(String toolCallId) {
		synchronized (this.runningToolCalls) {
			if (this.runningToolCalls.remove(toolCallId) != null && this.cancelled) {
				markCancelled(toolCallId);
			}
		}
	}

	private void markCancelled(String toolCallId) {
		this.client.toolCallUpdate(this.session.id(),
				ToolCallUpdate.builder(toolCallId).status(ToolCallStatus.FAILED).text("Cancelled").build());
	}

	private String askPermission(ToolCallUpdate toolCall) {
		try {
			RequestPermissionOutcome outcome = await(this.client
				.requestPermission(new RequestPermissionRequest(this.session.id(), toolCall, PERMISSION_OPTIONS)))
				.outcome();
			return (outcome instanceof RequestPermissionOutcome.Selected selected) ? selected.optionId() : REJECT_ONCE;
		}
		catch (CancellationException ex) {
			throw ex;
		}
		catch (Exception ex) {
			if (this.cancelled) {
				throw new CancellationException("The turn was cancelled");
			}
			logger.debug("A permission request failed in session " + this.session.id(), ex);
			return REJECT_ONCE;
		}
	}

	private <T> T await(CompletableFuture<T> call) throws Exception {
		this.pending.add(call);
		try {
			if (this.cancelled) {
				call.cancel(true);
			}
			return call.get();
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof Exception cause) ? cause : ex;
		}
		finally {
			this.pending.remove(call);
		}
	}

	private JsonNode parse(String rawInput) {
		try {
			return this.mapper.readTree(rawInput);
		}
		catch (JacksonException ex) {
			return StringNode.valueOf(rawInput);
		}
	}

	private static String failure(Exception ex) {
		String message = ex.getMessage();
		return StringUtils.hasText(message) ? message : ex.getClass().getSimpleName();
	}

	private final class Run implements ToolRun {

		private final String toolCallId;

		private final @Nullable ToolContext toolContext;

		Run(String toolCallId, @Nullable ToolContext toolContext) {
			this.toolCallId = toolCallId;
			this.toolContext = toolContext;
		}

		@Override
		public String sessionId() {
			return PromptTurn.this.session.id();
		}

		@Override
		public Path cwd() {
			return PromptTurn.this.session.cwd();
		}

		@Override
		public AcpClient client() {
			return PromptTurn.this.client;
		}

		@Override
		public boolean canReadFiles() {
			return PromptTurn.this.session.connection().canReadFiles();
		}

		@Override
		public @Nullable ToolContext toolContext() {
			return this.toolContext;
		}

		@Override
		public void show(List<ToolCallContent> content) {
			running(this.toolCallId, new ToolCallUpdate(this.toolCallId).withContent(content));
		}

		@Override
		public <T> T await(CompletableFuture<T> call) throws Exception {
			return PromptTurn.this.await(call);
		}

	}

	private final class TurnToolCallback implements ToolCallback {

		private final SessionTool tool;

		TurnToolCallback(SessionTool tool) {
			this.tool = tool;
		}

		@Override
		public ToolDefinition getToolDefinition() {
			return this.tool.definition();
		}

		@Override
		public ToolMetadata getToolMetadata() {
			return ToolMetadata.builder().build();
		}

		@Override
		public String call(String toolInput) {
			return runTool(this.tool, toolInput, null);
		}

		@Override
		public String call(String toolInput, @Nullable ToolContext toolContext) {
			return runTool(this.tool, toolInput, toolContext);
		}

	}

}

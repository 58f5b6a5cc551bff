package dev.acp.demo;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PlanEntry;
import dev.acp.spring.protocol.PlanEntryPriority;
import dev.acp.spring.protocol.PlanEntryStatus;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import dev.acp.spring.session.AcpSession;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * Core session methods of the demo: a prompt is echoed back as one message chunk;
 * {@code buffers} asks the client for its rust buffers, {@code wait} waits to be
 * cancelled, {@code tool} runs a tool call behind a permission request, and
 * {@code workspace} reads, asks, writes and runs through the client
 * ({@link WorkspaceTurn}).
 * <p>
 * The starter keeps the sessions this {@code session/new} creates: it records their
 * prompts and updates, and serves {@code session/load}, {@code session/list},
 * {@code session/resume}, {@code session/close} and {@code session/delete} for them (in
 * memory by default, {@code --acp.sessions.store=jdbc} to share them between instances).
 * A prompt finds its session with {@link AcpRequestContext#session()}, so a session
 * loaded on another connection or instance is served too.
 * <p>
 * Cancellation is the starter's: {@code session/cancel} interrupts the turn's handler
 * thread, runs {@link AcpRequestContext#onCancel} callbacks, and answers
 * {@code stopReason: "cancelled"} whatever the handler returns; the turns of one session
 * run one at a time.
 * <p>
 * Not in the {@code ai} profile, where a Spring AI chat client serves the sessions.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
@Profile("!ai")
public class DemoSessions {

	private static final String BUFFERS_METHOD = "_zed.dev/workspace/buffers";

	private static final Duration WAIT_LIMIT = Duration.ofSeconds(30);

	/** How long the {@code tool} prompt waits for the user's permission. */
	static final Duration PERMISSION_LIMIT = Duration.ofMinutes(5);

	static final String ALLOW = "allow";

	static final String REJECT = "reject";

	private static final String FILE = "README.md";

	private static final String TOOL_CALLS = "toolCalls";

	private final Map<String, AtomicInteger> sessions = new ConcurrentHashMap<>();

	private final Map<String, String> directories = new ConcurrentHashMap<>();

	@AcpMethod("session/new")
	NewSessionResponse newSession(NewSessionRequest request) {
		String sessionId = "sess_" + UUID.randomUUID().toString().replace("-", "");
		this.sessions.put(sessionId, new AtomicInteger());
		this.directories.put(sessionId, request.cwd());
		// Deliberately careless: over stdio the starter sends System.out to standard
		// error.
		System.out.println("new session " + sessionId + " in " + request.cwd());
		return new NewSessionResponse(sessionId);
	}

	@AcpMethod("session/prompt")
	PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
		AcpSession session = context.session();
		AtomicInteger toolCalls = this.sessions.get(request.sessionId());
		if (session == null && toolCalls == null) {
			throw new AcpException(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found",
					Map.of("sessionId", String.valueOf(request.sessionId())));
		}
		String text = request.text();
		if (text.equals("wait") && awaitCancel(context)) {
			return new PromptResponse(StopReason.CANCELLED);
		}
		if (text.equals("workspace")) {
			return WorkspaceTurn.run(request.sessionId(), this.directories.get(request.sessionId()), context);
		}
		if (text.equals("tool")) {
			return tool(request.sessionId(), "call_" + nextToolCall(session, toolCalls), context);
		}
		if (text.equals("buffers") && advertisesWorkspace(context)) {
			JsonNode buffers = context.client()
				.request(BUFFERS_METHOD, Map.of("language", "rust"), JsonNode.class)
				.get(WAIT_LIMIT.toSeconds(), TimeUnit.SECONDS);
			text = buffers.toString();
		}
		if (context.isCancelled()) {
			return new PromptResponse(StopReason.CANCELLED);
		}
		context.client().agentMessageChunk(request.sessionId(), text);
		return new PromptResponse(StopReason.END_TURN);
	}

	/**
	 * The number of the session's next tool call: kept with the starter's session (so it
	 * goes on after a {@code session/load} on another connection or instance), else in
	 * this process.
	 */
	private static int nextToolCall(AcpSession session, AtomicInteger toolCalls) {
		if (session == null) {
			return toolCalls.incrementAndGet();
		}
		int next = (session.getAttribute(TOOL_CALLS) instanceof Number number) ? number.intValue() + 1 : 1;
		session.setAttribute(TOOL_CALLS, next);
		return next;
	}

	/**
	 * The {@code tool} prompt: a plan, a pending edit tool call, a permission request,
	 * then the tool call's progress, the finished plan and a closing message.
	 */
	private PromptResponse tool(String sessionId, String toolCallId, AcpRequestContext context) throws Exception {
		AcpClient client = context.client();
		client.plan(sessionId, plan(PlanEntryStatus.IN_PROGRESS, PlanEntryStatus.PENDING));
		JsonNode input = JsonNodeFactory.instance.objectNode().put("path", FILE);
		client.toolCall(sessionId,
				SessionUpdate.ToolCall.builder(toolCallId, "Edit " + FILE)
					.name("edit_file")
					.kind(ToolKind.EDIT)
					.status(ToolCallStatus.PENDING)
					.rawInput(input)
					.build());
		RequestPermissionRequest ask = RequestPermissionRequest.of(sessionId,
				ToolCallUpdate.builder(toolCallId)
					.title("Edit " + FILE)
					.kind(ToolKind.EDIT)
					.status(ToolCallStatus.PENDING)
					.build(),
				PermissionOption.allowOnce(ALLOW, "Allow"), PermissionOption.rejectOnce(REJECT, "Reject"));
		CompletableFuture<RequestPermissionResponse> answer = client.requestPermission(ask, PERMISSION_LIMIT);
		RequestPermissionOutcome outcome;
		try {
			outcome = answer.get().outcome();
		}
		catch (InterruptedException | CancellationException ex) {
			// The turn was cancelled: the starter abandons the question (the client
			// gets $/cancel_request and closes its dialog) and the wait ends at once.
			answer.cancel(true);
			finish(client, sessionId, toolCallId, ToolCallStatus.FAILED, "Cancelled");
			return new PromptResponse(StopReason.CANCELLED);
		}
		catch (ExecutionException ex) {
			String why = (ex.getCause() instanceof TimeoutException) ? "No answer to the permission request"
					: "The permission request failed";
			finish(client, sessionId, toolCallId, ToolCallStatus.FAILED, why);
			client.plan(sessionId, plan(PlanEntryStatus.COMPLETED, PlanEntryStatus.COMPLETED));
			client.agentMessageChunk(sessionId, why + ": " + FILE + " was not edited.");
			return new PromptResponse(StopReason.END_TURN);
		}
		if (outcome instanceof RequestPermissionOutcome.Selected selected && ALLOW.equals(selected.optionId())
				&& !context.isCancelled()) {
			client.toolCallUpdate(sessionId, ToolCallUpdate.of(toolCallId).withStatus(ToolCallStatus.IN_PROGRESS));
			finish(client, sessionId, toolCallId, ToolCallStatus.COMPLETED, "Edited " + FILE);
			client.plan(sessionId, plan(PlanEntryStatus.COMPLETED, PlanEntryStatus.COMPLETED));
			client.agentMessageChunk(sessionId, "Done: " + FILE + " was edited.");
			return new PromptResponse(StopReason.END_TURN);
		}
		if (outcome instanceof RequestPermissionOutcome.Selected && !context.isCancelled()) {
			finish(client, sessionId, toolCallId, ToolCallStatus.FAILED, "Rejected by the user");
			client.plan(sessionId, plan(PlanEntryStatus.COMPLETED, PlanEntryStatus.COMPLETED));
			client.agentMessageChunk(sessionId, "Skipped: the edit of " + FILE + " was rejected.");
			return new PromptResponse(StopReason.END_TURN);
		}
		finish(client, sessionId, toolCallId, ToolCallStatus.FAILED, "Cancelled");
		return new PromptResponse(StopReason.CANCELLED);
	}

	private static void finish(AcpClient client, String sessionId, String toolCallId, ToolCallStatus status,
			String text) {
		client.toolCallUpdate(sessionId, ToolCallUpdate.builder(toolCallId).status(status).text(text).build());
	}

	private static List<PlanEntry> plan(PlanEntryStatus read, PlanEntryStatus edit) {
		return List.of(PlanEntry.pending("Read " + FILE).withPriority(PlanEntryPriority.HIGH).withStatus(read),
				PlanEntry.pending("Edit " + FILE).withStatus(edit));
	}

	/**
	 * Wait until the turn is cancelled, at most {@link #WAIT_LIMIT}.
	 * @return whether it was cancelled
	 */
	private static boolean awaitCancel(AcpRequestContext context) throws ExecutionException {
		CompletableFuture<Void> cancelled = new CompletableFuture<>();
		context.onCancel(() -> cancelled.complete(null));
		try {
			cancelled.get(WAIT_LIMIT.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (InterruptedException ex) {
			return true;
		}
		catch (TimeoutException ex) {
			return false;
		}
	}

	private static boolean advertisesWorkspace(AcpRequestContext context) {
		Object zed = context.connection().clientCapabilities().extension("zed.dev");
		return zed instanceof Map<?, ?> map && Boolean.TRUE.equals(map.get("workspace"));
	}

}

package dev.acp.spring.method;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.AvailableCommand;
import dev.acp.spring.protocol.CompactionStatus;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.Cost;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.KillTerminalResponse;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.ClientSessionCapabilities;
import dev.acp.spring.protocol.NoticeSeverity;
import dev.acp.spring.protocol.PlanEntry;
import dev.acp.spring.protocol.PlanUpdateContent;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalResponse;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionConfigOption;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Calls from the agent to the client of one connection.
 * <p>
 * <b>Capabilities.</b> Each call first checks what the client advertised in
 * {@code initialize} and throws, before anything is sent, when it is missing:
 * {@link AcpClientCapabilityException} for {@code fs/read_text_file}
 * ({@code fs.readTextFile}), {@code fs/write_text_file} ({@code fs.writeTextFile}) and
 * every {@code terminal/*} method ({@code terminal}), and
 * {@link AcpExtensionNotSupportedException} for a client extension method
 * ({@code _namespace/...}) whose namespace is not in {@code clientCapabilities._meta}.
 * {@code session/update} and {@code session/request_permission} need no capability; the
 * helpers of optional updates send them only to a client that advertised them
 * ({@link #planUpdate}, {@link #planRemoved} fall back to a whole {@code plan};
 * {@link #notice} is then not sent).
 * <p>
 * <b>Timeouts and abandoning.</b> A request waits {@code acp.client.request-timeout}
 * (default 5 minutes) for its answer, or the {@link Duration} given to the overload that
 * takes one; a permission request waits {@link #permissionTimeout()} by default, since a
 * person answers it. When the answer does not come in time the returned future fails with
 * a {@link java.util.concurrent.TimeoutException}; when the caller gives up on it, by
 * cancelling the future or completing it otherwise (for example with
 * {@link CompletableFuture#orTimeout}), the call is abandoned. In both cases the client
 * is sent {@code $/cancel_request} for it, so that it can stop its work or close its
 * dialog. An answer that arrives later is ignored.
 * <p>
 * <b>Errors.</b> A returned future fails with an {@link AcpClientException} carrying the
 * client's error when the client answered one.
 * <p>
 * <b>Session updates.</b> The helpers named after an update kind ({@code tool_call} →
 * {@link #toolCall}) send one {@code session/update} notification of that kind;
 * {@link #sessionUpdate(String, SessionUpdate)} sends any update, all fields included.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
public interface AcpClient {

	/**
	 * The shortest default wait of a permission request: 30 minutes. A permission request
	 * waits for a person, so by default it waits the longer of this and
	 * {@code acp.client.request-timeout}.
	 */
	Duration MIN_PERMISSION_TIMEOUT = Duration.ofMinutes(30);

	/**
	 * Send a request to the client, waiting {@code acp.client.request-timeout} for the
	 * answer.
	 * @param <T> the result type
	 * @param method the method name
	 * @param params the params (any Jackson-writable value)
	 * @param resultType the type to read the result as
	 * @return the result; fails with an {@link AcpClientException} carrying the client's
	 * error when it answered one, or a {@link java.util.concurrent.TimeoutException} when
	 * it did not answer in time
	 * @throws AcpExtensionNotSupportedException if the method is a client extension whose
	 * namespace the client did not advertise
	 */
	default <T> CompletableFuture<T> request(String method, @Nullable Object params, Class<T> resultType) {
		return request(method, params, resultType, requestTimeout());
	}

	/**
	 * Send a request to the client, waiting at most {@code timeout} for the answer.
	 * @param <T> the result type
	 * @param method the method name
	 * @param params the params (any Jackson-writable value)
	 * @param resultType the type to read the result as
	 * @param timeout how long to wait for the answer
	 * @return the result, failing as {@link #request(String, Object, Class)} does
	 * @throws AcpExtensionNotSupportedException if the method is a client extension whose
	 * namespace the client did not advertise
	 */
	<T> CompletableFuture<T> request(String method, @Nullable Object params, Class<T> resultType, Duration timeout);

	/**
	 * Send a notification to the client.
	 * @param method the method name
	 * @param params the params (any Jackson-writable value)
	 * @throws AcpExtensionNotSupportedException if the method is a client extension whose
	 * namespace the client did not advertise
	 */
	void notify(String method, @Nullable Object params);

	/**
	 * Send a {@code session/update} notification.
	 * @param sessionId the session
	 * @param update the update
	 */
	default void sessionUpdate(String sessionId, SessionUpdate update) {
		Objects.requireNonNull(sessionId, "sessionId");
		Objects.requireNonNull(update, "update");
		notify(AcpMethods.SESSION_UPDATE, new SessionNotification(sessionId, update));
	}

	/**
	 * Send a {@code user_message_chunk} update with one text block.
	 * @param sessionId the session
	 * @param text the text
	 */
	default void userMessageChunk(String sessionId, String text) {
		userMessageChunk(sessionId, new ContentBlock.Text(text));
	}

	/**
	 * Send a {@code user_message_chunk} update.
	 * @param sessionId the session
	 * @param content the content block
	 */
	default void userMessageChunk(String sessionId, ContentBlock content) {
		sessionUpdate(sessionId, new SessionUpdate.UserMessageChunk(content, null, null));
	}

	/**
	 * Send an {@code agent_message_chunk} update with one text block.
	 * @param sessionId the session
	 * @param text the text
	 */
	default void agentMessageChunk(String sessionId, String text) {
		agentMessageChunk(sessionId, new ContentBlock.Text(text));
	}

	/**
	 * Send an {@code agent_message_chunk} update.
	 * @param sessionId the session
	 * @param content the content block
	 */
	default void agentMessageChunk(String sessionId, ContentBlock content) {
		sessionUpdate(sessionId, new SessionUpdate.AgentMessageChunk(content));
	}

	/**
	 * Send an {@code agent_thought_chunk} update with one text block.
	 * @param sessionId the session
	 * @param text the text
	 */
	default void agentThoughtChunk(String sessionId, String text) {
		agentThoughtChunk(sessionId, new ContentBlock.Text(text));
	}

	/**
	 * Send an {@code agent_thought_chunk} update.
	 * @param sessionId the session
	 * @param content the content block
	 */
	default void agentThoughtChunk(String sessionId, ContentBlock content) {
		sessionUpdate(sessionId, new SessionUpdate.AgentThoughtChunk(content, null, null));
	}

	/**
	 * Send a {@code tool_call} update: a new tool call.
	 * @param sessionId the session
	 * @param toolCall the tool call
	 */
	default void toolCall(String sessionId, SessionUpdate.ToolCall toolCall) {
		sessionUpdate(sessionId, toolCall);
	}

	/**
	 * Send a {@code tool_call_update} update: the fields of a tool call that changed. The
	 * same {@link ToolCallUpdate} value also describes the tool call of a
	 * {@link #requestPermission permission request}.
	 * @param sessionId the session
	 * @param update the changed fields
	 */
	default void toolCallUpdate(String sessionId, ToolCallUpdate update) {
		sessionUpdate(sessionId, update);
	}

	/**
	 * Send a {@code plan} update: the whole plan, replacing the previous one.
	 * @param sessionId the session
	 * @param entries every entry of the plan
	 */
	default void plan(String sessionId, List<PlanEntry> entries) {
		sessionUpdate(sessionId, new SessionUpdate.Plan(entries));
	}

	/**
	 * Update one plan of the session, identified by its id, as structured entries: a
	 * {@code plan_update} when the client advertised {@code clientCapabilities.plan},
	 * otherwise a {@code plan} update with these entries (which replaces whatever plan
	 * the client shows).
	 * @param sessionId the session
	 * @param planId the id of the plan
	 * @param entries every entry of the plan with its current status
	 */
	default void planUpdate(String sessionId, String planId, List<PlanEntry> entries) {
		planUpdate(sessionId, new PlanUpdateContent.Items(planId, entries));
	}

	/**
	 * Update one plan of the session, identified by its id: a {@code plan_update} when
	 * the client advertised {@code clientCapabilities.plan}; otherwise a {@code plan}
	 * update with the entries of an {@link PlanUpdateContent.Items items} plan.
	 * @param sessionId the session
	 * @param plan the plan content
	 * @throws AcpClientCapabilityException if the client did not advertise {@code plan}
	 * and the plan is not an items plan (a file or Markdown plan has no {@code plan}
	 * equivalent)
	 */
	default void planUpdate(String sessionId, PlanUpdateContent plan) {
		if (clientCapabilities().plan() != null) {
			sessionUpdate(sessionId, new SessionUpdate.PlanUpdate(plan));
		}
		else if (plan instanceof PlanUpdateContent.Items items) {
			plan(sessionId, items.entries());
		}
		else {
			throw new AcpClientCapabilityException("plan", "session/update plan_update");
		}
	}

	/**
	 * Remove one plan of the session: a {@code plan_removed} when the client advertised
	 * {@code clientCapabilities.plan}, otherwise an empty {@code plan} update.
	 * @param sessionId the session
	 * @param planId the id of the plan
	 */
	default void planRemoved(String sessionId, String planId) {
		if (clientCapabilities().plan() != null) {
			sessionUpdate(sessionId, new SessionUpdate.PlanRemoved(planId));
		}
		else {
			plan(sessionId, List.of());
		}
	}

	/**
	 * Send an {@code available_commands_update} update.
	 * @param sessionId the session
	 * @param availableCommands every command now available
	 */
	default void availableCommandsUpdate(String sessionId, List<AvailableCommand> availableCommands) {
		sessionUpdate(sessionId, new SessionUpdate.AvailableCommandsUpdate(availableCommands));
	}

	/**
	 * Send a {@code current_mode_update} update.
	 * @param sessionId the session
	 * @param currentModeId the id of the mode now current
	 */
	default void currentModeUpdate(String sessionId, String currentModeId) {
		sessionUpdate(sessionId, new SessionUpdate.CurrentModeUpdate(currentModeId));
	}

	/**
	 * Send a {@code config_option_update} update.
	 * @param sessionId the session
	 * @param configOptions every configuration option with its current value
	 */
	default void configOptionUpdate(String sessionId, List<SessionConfigOption> configOptions) {
		sessionUpdate(sessionId, new SessionUpdate.ConfigOptionUpdate(configOptions));
	}

	/**
	 * Send a {@code session_info_update} update.
	 * @param sessionId the session
	 * @param title the session title, or {@code null} to leave it unchanged
	 * @param updatedAt the ISO 8601 time of the last activity
	 */
	default void sessionInfoUpdate(String sessionId, @Nullable String title, @Nullable String updatedAt) {
		sessionUpdate(sessionId, new SessionUpdate.SessionInfoUpdate(title, updatedAt));
	}

	/**
	 * Send a {@code usage_update} update.
	 * @param sessionId the session
	 * @param used the tokens currently in context
	 * @param size the context window size in tokens
	 * @param cost the cumulative cost of the session
	 */
	default void usageUpdate(String sessionId, long used, long size, @Nullable Cost cost) {
		sessionUpdate(sessionId, new SessionUpdate.UsageUpdate(used, size, cost));
	}

	/**
	 * Send a {@code notice} update, information for the user, when the client advertised
	 * {@code clientCapabilities.session.notices}; otherwise send nothing (the agent may
	 * say it in an agent message instead).
	 * @param sessionId the session
	 * @param severity the severity
	 * @param title the title, standing alone
	 * @param description more detail
	 * @return whether the notice was sent
	 */
	default boolean notice(String sessionId, NoticeSeverity severity, String title, @Nullable String description) {
		ClientSessionCapabilities session = clientCapabilities().session();
		if (session == null || session.notices() == null) {
			return false;
		}
		sessionUpdate(sessionId, new SessionUpdate.Notice(severity, title, description));
		return true;
	}

	/**
	 * Announce or change a subagent session, a child session the parent session owns (its
	 * {@code sessionId} names the child; the child's own updates are then sent as
	 * {@code session/update}s of that id on this connection), when the client advertised
	 * {@code clientCapabilities.subagents}; otherwise send nothing (the child's work may
	 * be reported as the parent's tool calls instead).
	 * @param parentSessionId the parent session
	 * @param update the child's announcement or the fields that changed
	 * @return whether the update was sent
	 */
	default boolean subagentUpdate(String parentSessionId, SessionUpdate.SubagentUpdate update) {
		if (clientCapabilities().subagents() == null) {
			return false;
		}
		sessionUpdate(parentSessionId, update);
		return true;
	}

	/**
	 * Send a {@code compaction_update} update when the client advertised
	 * {@code clientCapabilities.session.compaction}; otherwise send nothing.
	 * @param sessionId the session
	 * @param compactionId the id of the compaction
	 * @param status its status
	 * @return whether the update was sent
	 */
	default boolean compactionUpdate(String sessionId, String compactionId, CompactionStatus status) {
		if (!advertisesCompaction()) {
			return false;
		}
		sessionUpdate(sessionId, new SessionUpdate.CompactionUpdate(compactionId, status));
		return true;
	}

	/**
	 * Send a {@code compaction_summary_chunk} update when the client advertised
	 * {@code clientCapabilities.session.compaction}; otherwise send nothing.
	 * @param sessionId the session
	 * @param compactionId the id of the compaction
	 * @param content one content block to append to its summary
	 * @return whether the update was sent
	 */
	default boolean compactionSummaryChunk(String sessionId, String compactionId, ContentBlock content) {
		if (!advertisesCompaction()) {
			return false;
		}
		sessionUpdate(sessionId, new SessionUpdate.CompactionSummaryChunk(compactionId, content));
		return true;
	}

	private boolean advertisesCompaction() {
		ClientSessionCapabilities session = clientCapabilities().session();
		return session != null && session.compaction() != null;
	}

	/**
	 * Ask the user for permission to run a tool call
	 * ({@code session/request_permission}), waiting {@link #permissionTimeout()} for the
	 * answer. Needs no capability. The outcome is
	 * {@link dev.acp.spring.protocol.RequestPermissionOutcome.Selected} with the chosen
	 * option, or {@link dev.acp.spring.protocol.RequestPermissionOutcome.Cancelled} when
	 * the prompt turn was cancelled first.
	 * @param request the request
	 * @return the user's decision
	 */
	default CompletableFuture<RequestPermissionResponse> requestPermission(RequestPermissionRequest request) {
		return requestPermission(request, permissionTimeout());
	}

	/**
	 * Ask the user for permission to run a tool call, waiting at most {@code timeout}.
	 * When the time is up, or the caller cancels the returned future, the client is sent
	 * {@code $/cancel_request} so that it closes its dialog.
	 * @param request the request
	 * @param timeout how long to wait for the answer
	 * @return the user's decision
	 */
	default CompletableFuture<RequestPermissionResponse> requestPermission(RequestPermissionRequest request,
			Duration timeout) {
		return request(AcpMethods.SESSION_REQUEST_PERMISSION, request, RequestPermissionResponse.class, timeout);
	}

	/**
	 * How long a request waits for its answer when no timeout is given:
	 * {@code acp.client.request-timeout}.
	 * @return the default request timeout
	 */
	Duration requestTimeout();

	/**
	 * How long {@link #requestPermission(RequestPermissionRequest)} waits: the longer of
	 * {@link #MIN_PERMISSION_TIMEOUT} and {@code acp.client.request-timeout}.
	 * @return the default permission timeout
	 */
	default Duration permissionTimeout() {
		Duration global = requestTimeout();
		return (global.compareTo(MIN_PERMISSION_TIMEOUT) > 0) ? global : MIN_PERMISSION_TIMEOUT;
	}

	/**
	 * Read a text file through the client ({@code fs/read_text_file}).
	 * @param request the request
	 * @return the file's content
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code fs.readTextFile}
	 */
	default CompletableFuture<ReadTextFileResponse> readTextFile(ReadTextFileRequest request) {
		return readTextFile(request, requestTimeout());
	}

	/**
	 * Read a text file through the client, waiting at most {@code timeout}.
	 * @param request the request
	 * @param timeout how long to wait for the answer
	 * @return the file's content
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code fs.readTextFile}
	 */
	CompletableFuture<ReadTextFileResponse> readTextFile(ReadTextFileRequest request, Duration timeout);

	/**
	 * Write a text file through the client ({@code fs/write_text_file}).
	 * @param request the request
	 * @return completes when written
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code fs.writeTextFile}
	 */
	default CompletableFuture<WriteTextFileResponse> writeTextFile(WriteTextFileRequest request) {
		return writeTextFile(request, requestTimeout());
	}

	/**
	 * Write a text file through the client, waiting at most {@code timeout}.
	 * @param request the request
	 * @param timeout how long to wait for the answer
	 * @return completes when written
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code fs.writeTextFile}
	 */
	CompletableFuture<WriteTextFileResponse> writeTextFile(WriteTextFileRequest request, Duration timeout);

	/**
	 * Start a command in a new terminal of the client ({@code terminal/create}).
	 * @param request the request
	 * @return the terminal id; release the terminal with {@link #releaseTerminal} when
	 * done
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	default CompletableFuture<CreateTerminalResponse> createTerminal(CreateTerminalRequest request) {
		return createTerminal(request, requestTimeout());
	}

	/**
	 * Start a command in a new terminal of the client, waiting at most {@code timeout}.
	 * @param request the request
	 * @param timeout how long to wait for the answer
	 * @return the terminal id
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	CompletableFuture<CreateTerminalResponse> createTerminal(CreateTerminalRequest request, Duration timeout);

	/**
	 * Get the output of a terminal so far, and its exit status if it exited
	 * ({@code terminal/output}).
	 * @param request the request
	 * @return the output
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	default CompletableFuture<TerminalOutputResponse> terminalOutput(TerminalOutputRequest request) {
		return terminalOutput(request, requestTimeout());
	}

	/**
	 * Get the output of a terminal, waiting at most {@code timeout}.
	 * @param request the request
	 * @param timeout how long to wait for the answer
	 * @return the output
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	CompletableFuture<TerminalOutputResponse> terminalOutput(TerminalOutputRequest request, Duration timeout);

	/**
	 * Wait for the command of a terminal to exit ({@code terminal/wait_for_exit}), at
	 * most {@code acp.client.request-timeout}; give a longer timeout with
	 * {@link #waitForTerminalExit(WaitForTerminalExitRequest, Duration)} for long
	 * commands.
	 * @param request the request
	 * @return the exit status
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	default CompletableFuture<WaitForTerminalExitResponse> waitForTerminalExit(WaitForTerminalExitRequest request) {
		return waitForTerminalExit(request, requestTimeout());
	}

	/**
	 * Wait for the command of a terminal to exit, at most {@code timeout}.
	 * @param request the request
	 * @param timeout how long to wait for the exit
	 * @return the exit status
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	CompletableFuture<WaitForTerminalExitResponse> waitForTerminalExit(WaitForTerminalExitRequest request,
			Duration timeout);

	/**
	 * Kill the command of a terminal, keeping the terminal ({@code terminal/kill}).
	 * @param request the request
	 * @return completes when killed
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	default CompletableFuture<KillTerminalResponse> killTerminal(KillTerminalRequest request) {
		return killTerminal(request, requestTimeout());
	}

	/**
	 * Kill the command of a terminal, waiting at most {@code timeout}.
	 * @param request the request
	 * @param timeout how long to wait for the answer
	 * @return completes when killed
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	CompletableFuture<KillTerminalResponse> killTerminal(KillTerminalRequest request, Duration timeout);

	/**
	 * Release a terminal, killing its command if still running
	 * ({@code terminal/release}).
	 * @param request the request
	 * @return completes when released
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	default CompletableFuture<ReleaseTerminalResponse> releaseTerminal(ReleaseTerminalRequest request) {
		return releaseTerminal(request, requestTimeout());
	}

	/**
	 * Release a terminal, waiting at most {@code timeout}.
	 * @param request the request
	 * @param timeout how long to wait for the answer
	 * @return completes when released
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code terminal}
	 */
	CompletableFuture<ReleaseTerminalResponse> releaseTerminal(ReleaseTerminalRequest request, Duration timeout);

	/**
	 * Whether the client advertised an extension namespace in
	 * {@code clientCapabilities._meta}.
	 * @param namespace the namespace, such as {@code zed.dev}
	 * @return whether advertised
	 */
	boolean supportsExtension(String namespace);

	/**
	 * The capabilities the client sent in {@code initialize}, which the helpers of
	 * optional session updates check.
	 * @return the capabilities, {@link ClientCapabilities#NONE} when unknown
	 */
	default ClientCapabilities clientCapabilities() {
		return ClientCapabilities.NONE;
	}

}

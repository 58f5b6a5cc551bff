package dev.acp.spring.method;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.acp.spring.protocol.AvailableCommand;
import dev.acp.spring.protocol.CompactionStatus;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.Cost;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.KillTerminalResponse;
import dev.acp.spring.protocol.NoticeSeverity;
import dev.acp.spring.protocol.PlanEntry;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalResponse;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionConfigOption;
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
 * {@code session/update} and {@code session/request_permission} need no capability.
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
	<T> CompletableFuture<T> request(String method, @Nullable Object params, Class<T> resultType);

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
	void sessionUpdate(String sessionId, SessionUpdate update);

	/**
	 * Send a {@code user_message_chunk} update with one text block.
	 * @param sessionId the session
	 * @param text the text
	 */
	void userMessageChunk(String sessionId, String text);

	/**
	 * Send a {@code user_message_chunk} update.
	 * @param sessionId the session
	 * @param content the content block
	 */
	void userMessageChunk(String sessionId, ContentBlock content);

	/**
	 * Send an {@code agent_message_chunk} update with one text block.
	 * @param sessionId the session
	 * @param text the text
	 */
	void agentMessageChunk(String sessionId, String text);

	/**
	 * Send an {@code agent_message_chunk} update.
	 * @param sessionId the session
	 * @param content the content block
	 */
	void agentMessageChunk(String sessionId, ContentBlock content);

	/**
	 * Send an {@code agent_thought_chunk} update with one text block.
	 * @param sessionId the session
	 * @param text the text
	 */
	void agentThoughtChunk(String sessionId, String text);

	/**
	 * Send an {@code agent_thought_chunk} update.
	 * @param sessionId the session
	 * @param content the content block
	 */
	void agentThoughtChunk(String sessionId, ContentBlock content);

	/**
	 * Send a {@code tool_call} update: a new tool call.
	 * @param sessionId the session
	 * @param toolCall the tool call
	 */
	void toolCall(String sessionId, SessionUpdate.ToolCall toolCall);

	/**
	 * Send a {@code tool_call_update} update: the fields of a tool call that changed. The
	 * same {@link ToolCallUpdate} value also describes the tool call of a
	 * {@link #requestPermission permission request}.
	 * @param sessionId the session
	 * @param update the changed fields
	 */
	void toolCallUpdate(String sessionId, ToolCallUpdate update);

	/**
	 * Send a {@code plan} update: the whole plan, replacing the previous one.
	 * @param sessionId the session
	 * @param entries every entry of the plan
	 */
	void plan(String sessionId, List<PlanEntry> entries);

	/**
	 * Send an {@code available_commands_update} update.
	 * @param sessionId the session
	 * @param availableCommands every command now available
	 */
	void availableCommandsUpdate(String sessionId, List<AvailableCommand> availableCommands);

	/**
	 * Send a {@code current_mode_update} update.
	 * @param sessionId the session
	 * @param currentModeId the id of the mode now current
	 */
	void currentModeUpdate(String sessionId, String currentModeId);

	/**
	 * Send a {@code config_option_update} update.
	 * @param sessionId the session
	 * @param configOptions every configuration option with its current value
	 */
	void configOptionUpdate(String sessionId, List<SessionConfigOption> configOptions);

	/**
	 * Send a {@code session_info_update} update.
	 * @param sessionId the session
	 * @param title the session title, or {@code null} to leave it unchanged
	 * @param updatedAt the ISO 8601 time of the last activity
	 */
	void sessionInfoUpdate(String sessionId, @Nullable String title, @Nullable String updatedAt);

	/**
	 * Send a {@code usage_update} update.
	 * @param sessionId the session
	 * @param used the tokens currently in context
	 * @param size the context window size in tokens
	 * @param cost the cumulative cost of the session
	 */
	void usageUpdate(String sessionId, long used, long size, @Nullable Cost cost);

	/**
	 * Send a {@code notice} update: information for the user.
	 * @param sessionId the session
	 * @param severity the severity
	 * @param title the title, standing alone
	 * @param description more detail
	 */
	void notice(String sessionId, NoticeSeverity severity, String title, @Nullable String description);

	/**
	 * Send a {@code compaction_update} update.
	 * @param sessionId the session
	 * @param compactionId the id of the compaction
	 * @param status its status
	 */
	void compactionUpdate(String sessionId, String compactionId, CompactionStatus status);

	/**
	 * Send a {@code compaction_summary_chunk} update.
	 * @param sessionId the session
	 * @param compactionId the id of the compaction
	 * @param content one content block to append to its summary
	 */
	void compactionSummaryChunk(String sessionId, String compactionId, ContentBlock content);

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
	CompletableFuture<RequestPermissionResponse> requestPermission(RequestPermissionRequest request);

	/**
	 * Ask the user for permission to run a tool call, waiting at most {@code timeout}.
	 * When the time is up, or the caller cancels the returned future, the client is sent
	 * {@code $/cancel_request} so that it closes its dialog.
	 * @param request the request
	 * @param timeout how long to wait for the answer
	 * @return the user's decision
	 */
	CompletableFuture<RequestPermissionResponse> requestPermission(RequestPermissionRequest request, Duration timeout);

	/**
	 * How long {@link #requestPermission(RequestPermissionRequest)} waits: the longer of
	 * {@link #MIN_PERMISSION_TIMEOUT} and {@code acp.client.request-timeout}.
	 * @return the default permission timeout
	 */
	Duration permissionTimeout();

	/**
	 * Read a text file through the client ({@code fs/read_text_file}).
	 * @param request the request
	 * @return the file's content
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code fs.readTextFile}
	 */
	CompletableFuture<ReadTextFileResponse> readTextFile(ReadTextFileRequest request);

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
	CompletableFuture<WriteTextFileResponse> writeTextFile(WriteTextFileRequest request);

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
	CompletableFuture<CreateTerminalResponse> createTerminal(CreateTerminalRequest request);

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
	CompletableFuture<TerminalOutputResponse> terminalOutput(TerminalOutputRequest request);

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
	CompletableFuture<WaitForTerminalExitResponse> waitForTerminalExit(WaitForTerminalExitRequest request);

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
	CompletableFuture<KillTerminalResponse> killTerminal(KillTerminalRequest request);

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
	CompletableFuture<ReleaseTerminalResponse> releaseTerminal(ReleaseTerminalRequest request);

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

}

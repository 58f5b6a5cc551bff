package dev.acp.spring.client;

import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PermissionOptionKind;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;

/**
 * Decides what an agent may make this application do: answers the agent's
 * {@code session/request_permission} questions, and is consulted again before each
 * {@code fs/write_text_file} and {@code terminal/create} the agent sends, so that what it
 * refuses does not run, whatever the agent was answered before. Declare a bean to replace
 * the default, {@link #REJECT}, which never allows anything. A lambda implements
 * {@link #decide} only, and refuses every write and command; implement
 * {@link #allowsWrite} and {@link #allowsCommand} to allow them.
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface AcpPermissionPolicy {

	/**
	 * Rejects every request: selects a {@code reject_once} option, else a
	 * {@code reject_always} one, else answers {@code cancelled}.
	 */
	AcpPermissionPolicy REJECT = (request, session) -> {
		PermissionOption rejectAlways = null;
		for (PermissionOption option : request.options()) {
			if (PermissionOptionKind.REJECT_ONCE.equals(option.kind())) {
				return new RequestPermissionResponse(new RequestPermissionOutcome.Selected(option.optionId()));
			}
			if (rejectAlways == null && PermissionOptionKind.REJECT_ALWAYS.equals(option.kind())) {
				rejectAlways = option;
			}
		}
		return new RequestPermissionResponse(
				(rejectAlways != null) ? new RequestPermissionOutcome.Selected(rejectAlways.optionId())
						: new RequestPermissionOutcome.Cancelled());
	};

	/**
	 * Decide a permission request. Runs on a handler thread; it may block (ask a person).
	 * @param request the request, with the tool call and the options offered
	 * @param session the session it belongs to
	 * @return the outcome: an option selected, or cancelled
	 */
	RequestPermissionResponse decide(RequestPermissionRequest request, AcpAgentSession session);

	/**
	 * Decide whether a file is written for the agent ({@code fs/write_text_file}), before
	 * the file system is asked to; a refused write is answered -32602 and nothing is
	 * written. The path is still confined by the file system afterwards. Runs on a
	 * handler thread; it may block. Refuses by default.
	 * @param request the write, with the path as the agent sent it
	 * @param session the session it belongs to
	 * @return whether to write
	 */
	default boolean allowsWrite(WriteTextFileRequest request, AcpAgentSession session) {
		return false;
	}

	/**
	 * Decide whether a command runs for the agent ({@code terminal/create}), before the
	 * terminals are asked to start it; a refused command is answered -32602 and nothing
	 * runs. Runs on a handler thread; it may block. Refuses by default.
	 * @param request the command, with its args, cwd and environment
	 * @param session the session it belongs to
	 * @return whether to run it
	 */
	default boolean allowsCommand(CreateTerminalRequest request, AcpAgentSession session) {
		return false;
	}

}

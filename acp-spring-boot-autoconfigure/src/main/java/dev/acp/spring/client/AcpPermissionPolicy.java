package dev.acp.spring.client;

import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PermissionOptionKind;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;

/**
 * Answers the {@code session/request_permission} calls of agents. Declare a bean to
 * replace the default, {@link #REJECT}, which never allows anything.
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

}

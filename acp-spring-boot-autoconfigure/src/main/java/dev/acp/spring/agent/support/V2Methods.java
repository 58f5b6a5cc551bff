package dev.acp.spring.agent.support;

import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The methods a v2 connection knows, and the name the handlers know each by:
 * {@code initialize}, the session methods the handlers serve unchanged (a prompt turn is
 * rendered by {@link V2Turns}), {@code auth/login} and {@code auth/logout} (v1's
 * {@code authenticate} and {@code logout}; {@code session/resume} with {@code replayFrom}
 * is v1's {@code session/load}), and extension methods ({@code _vendor/...}). v1's
 * methods that v2 dropped ({@code session/load}, {@code session/set_mode}, {@code fs/*},
 * {@code terminal/*}, ...) and those not translated yet are answered -32601.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2Methods {

	static final String AUTH_LOGIN = "auth/login";

	static final String AUTH_LOGOUT = "auth/logout";

	static final String TOOL_CALL_CANCEL = "tool_call/cancel";

	static final String TERMINAL_CANCEL = "terminal/cancel";

	private static final Map<String, String> RENAMED = Map.of(AUTH_LOGIN, AcpMethods.AUTHENTICATE, AUTH_LOGOUT,
			AcpMethods.LOGOUT);

	private static final Set<String> UNCHANGED = Set.of(AcpMethods.INITIALIZE, AcpMethods.SESSION_NEW,
			AcpMethods.SESSION_PROMPT, AcpMethods.SESSION_CANCEL, AcpMethods.SESSION_LIST, AcpMethods.SESSION_CLOSE,
			AcpMethods.SESSION_DELETE, AcpMethods.SESSION_SET_CONFIG_OPTION, AcpMethods.SESSION_RESUME,
			TOOL_CALL_CANCEL, TERMINAL_CANCEL);

	private V2Methods() {
	}

	static boolean knows(String method) {
		return method.startsWith("_") || UNCHANGED.contains(method) || RENAMED.containsKey(method);
	}

	/**
	 * The handlers' name of a v2 request: {@code session/resume} with {@code replayFrom}
	 * is v1's {@code session/load} (replay, then the answer).
	 */
	static String modelMethod(String method, @Nullable JsonNode params) {
		if (AcpMethods.SESSION_RESUME.equals(method) && params != null && params.has("replayFrom")) {
			return AcpMethods.SESSION_LOAD;
		}
		return RENAMED.getOrDefault(method, method);
	}

	/**
	 * The answer to a v2 method no handler serves, when v2 defines one: a tool call or
	 * terminal nobody advertised as cancellable is -32602 naming it (as the SDKs answer),
	 * not -32601.
	 * @return the error, or {@code null} for -32601
	 */
	static @Nullable RuntimeException unserved(String method) {
		String field = TOOL_CALL_CANCEL.equals(method) ? "toolCallId"
				: TERMINAL_CANCEL.equals(method) ? "terminalId" : null;
		return (field != null) ? ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError(field,
				"is not cancellable (this agent advertised no cancel capability for it)"))) : null;
	}

}

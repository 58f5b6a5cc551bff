package dev.acp.spring.protocol;

import java.util.Set;

/**
 * The wire names of the ACP v1 methods.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpMethods {

	public static final String INITIALIZE = "initialize";

	public static final String AUTHENTICATE = "authenticate";

	public static final String LOGOUT = "logout";

	public static final String SESSION_NEW = "session/new";

	public static final String SESSION_LOAD = "session/load";

	public static final String SESSION_LIST = "session/list";

	public static final String SESSION_RESUME = "session/resume";

	public static final String SESSION_CLOSE = "session/close";

	public static final String SESSION_DELETE = "session/delete";

	public static final String SESSION_PROMPT = "session/prompt";

	public static final String SESSION_CANCEL = "session/cancel";

	public static final String SESSION_SET_MODE = "session/set_mode";

	public static final String SESSION_SET_CONFIG_OPTION = "session/set_config_option";

	public static final String SESSION_UPDATE = "session/update";

	public static final String SESSION_REQUEST_PERMISSION = "session/request_permission";

	public static final String FS_READ_TEXT_FILE = "fs/read_text_file";

	public static final String FS_WRITE_TEXT_FILE = "fs/write_text_file";

	public static final String TERMINAL_CREATE = "terminal/create";

	public static final String TERMINAL_OUTPUT = "terminal/output";

	public static final String TERMINAL_RELEASE = "terminal/release";

	public static final String TERMINAL_WAIT_FOR_EXIT = "terminal/wait_for_exit";

	public static final String TERMINAL_KILL = "terminal/kill";

	public static final String ELICITATION_CREATE = "elicitation/create";

	public static final String ELICITATION_COMPLETE = "elicitation/complete";

	public static final String CANCEL_REQUEST = "$/cancel_request";

	private static final Set<String> AGENT_REQUESTS = Set.of(INITIALIZE, AUTHENTICATE, LOGOUT, SESSION_NEW,
			SESSION_LOAD, SESSION_LIST, SESSION_RESUME, SESSION_CLOSE, SESSION_DELETE, SESSION_PROMPT, SESSION_SET_MODE,
			SESSION_SET_CONFIG_OPTION);

	private static final Set<String> AGENT_NOTIFICATIONS = Set.of(SESSION_CANCEL);

	private AcpMethods() {
	}

	/**
	 * Whether the name is an ACP v1 request an agent serves.
	 * @param method the method name
	 * @return whether it is one
	 */
	public static boolean isAgentRequest(String method) {
		return AGENT_REQUESTS.contains(method);
	}

	/**
	 * Whether the name is an ACP v1 notification an agent receives.
	 * @param method the method name
	 * @return whether it is one
	 */
	public static boolean isAgentNotification(String method) {
		return AGENT_NOTIFICATIONS.contains(method);
	}

	/**
	 * The namespace of an extension method: the text between the leading {@code _} and
	 * the first {@code /} ({@code _zed.dev/workspace/buffers} is in {@code zed.dev}), or
	 * the whole name after {@code _} when it has no {@code /}.
	 * @param method an extension method name
	 * @return the namespace
	 */
	public static String namespaceOf(String method) {
		int slash = method.indexOf('/');
		return (slash > 1) ? method.substring(1, slash) : method.substring(1);
	}

	/**
	 * Whether the name is an extension method (starts with {@code _}).
	 * @param method the method name
	 * @return whether it is one
	 */
	public static boolean isExtension(String method) {
		return method.startsWith("_");
	}

}

package dev.acp.spring.jsonrpc;

/**
 * An outbound request failed because the connection closed, or the peer can no longer
 * answer (end of its input). A handler that fails with it is answered -32800, as a
 * request cancelled by the shutdown.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class JsonRpcConnectionClosedException extends IllegalStateException {

	public JsonRpcConnectionClosedException() {
		super("Connection closed");
	}

	/**
	 * Whether a failure was caused by a closed connection.
	 * @param failure the failure
	 * @return whether it was
	 */
	public static boolean isCause(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof JsonRpcConnectionClosedException) {
				return true;
			}
			if (cause.getCause() == cause) {
				return false;
			}
		}
		return false;
	}

}

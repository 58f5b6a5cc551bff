package dev.acp.spring.method;

import java.util.concurrent.CompletableFuture;

import dev.acp.spring.protocol.SessionUpdate;

/**
 * Calls from the agent to the client of one connection. Calls to a client extension
 * method ({@code _namespace/...}) first check that the client advertised the namespace in
 * {@code clientCapabilities._meta}, and fail with
 * {@link AcpExtensionNotSupportedException} if it did not.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpClient {

	/**
	 * Send a request to the client.
	 * @param <T> the result type
	 * @param method the method name
	 * @param params the params (any Jackson-writable value) or {@code null}
	 * @param resultType the type to read the result as
	 * @return the result; fails with an {@link AcpClientException} carrying the client's
	 * error when it answered one, or a {@link java.util.concurrent.TimeoutException} when
	 * it did not answer within {@code acp.client.request-timeout}
	 */
	<T> CompletableFuture<T> request(String method, Object params, Class<T> resultType);

	/**
	 * Send a notification to the client.
	 * @param method the method name
	 * @param params the params (any Jackson-writable value) or {@code null}
	 */
	void notify(String method, Object params);

	/**
	 * Send a {@code session/update} notification.
	 * @param sessionId the session
	 * @param update the update
	 */
	void sessionUpdate(String sessionId, SessionUpdate update);

	/**
	 * Whether the client advertised an extension namespace in
	 * {@code clientCapabilities._meta}.
	 * @param namespace the namespace, such as {@code zed.dev}
	 * @return whether advertised
	 */
	boolean supportsExtension(String namespace);

}

package dev.acp.spring.method;

import java.util.concurrent.CompletableFuture;

import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;

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
	 * Read a text file through the client ({@code fs/read_text_file}).
	 * @param request the request
	 * @return the file's content
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code fs.readTextFile}
	 */
	CompletableFuture<ReadTextFileResponse> readTextFile(ReadTextFileRequest request);

	/**
	 * Write a text file through the client ({@code fs/write_text_file}).
	 * @param request the request
	 * @return completes when written
	 * @throws AcpClientCapabilityException if the client did not advertise
	 * {@code fs.writeTextFile}
	 */
	CompletableFuture<WriteTextFileResponse> writeTextFile(WriteTextFileRequest request);

	/**
	 * Whether the client advertised an extension namespace in
	 * {@code clientCapabilities._meta}.
	 * @param namespace the namespace, such as {@code zed.dev}
	 * @return whether advertised
	 */
	boolean supportsExtension(String namespace);

}

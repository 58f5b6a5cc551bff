package dev.acp.spring.client;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;

/**
 * The client extension methods an application serves to the agents it drives, and their
 * advertisement in {@code clientCapabilities._meta}. Auto-configured from the
 * {@link dev.acp.spring.annotation.AcpClientSide @AcpClientSide} beans.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpClientExtensions {

	/** No extensions. */
	AcpClientExtensions NONE = new AcpClientExtensions() {

		@Override
		public Map<String, Object> advertisement() {
			return Map.of();
		}

		@Override
		public boolean servesRequest(String method) {
			return false;
		}

		@Override
		public boolean servesNotification(String method) {
			return false;
		}

		@Override
		public CompletionStage<Object> invoke(AcpRequestContext context) {
			return CompletableFuture
				.failedFuture(new AcpException(JsonRpcError.METHOD_NOT_FOUND, "Method not found", context.method()));
		}

	};

	/**
	 * What {@code clientCapabilities._meta} advertises, one entry per namespace.
	 * @return the entries
	 */
	Map<String, Object> advertisement();

	/**
	 * Whether a request method is served.
	 * @param method the method
	 * @return whether served
	 */
	boolean servesRequest(String method);

	/**
	 * Whether a notification is served.
	 * @param method the method
	 * @return whether served
	 */
	boolean servesNotification(String method);

	/**
	 * Serve a call.
	 * @param context the call
	 * @return the result
	 */
	CompletionStage<Object> invoke(AcpRequestContext context);

}

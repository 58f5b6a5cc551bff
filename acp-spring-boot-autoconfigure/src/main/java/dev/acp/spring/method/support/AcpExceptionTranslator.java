package dev.acp.spring.method.support;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcConnectionClosedException;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpException;

/**
 * Turns what a handler threw into the error to answer: a {@link JsonRpcException} (and so
 * an {@link AcpException}) answers its own error, anything else answers -32603
 * {@code Internal error} with no details and is logged here. That includes a Bean
 * Validation {@code ConstraintViolationException} (or Spring's
 * {@code MethodValidationException}) from a bean the handler called: invalid params are
 * found before the call and answered -32602 there, so a violation thrown from inside it
 * is the agent's own failure and names nothing the client sent.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpExceptionTranslator {

	private static final Log logger = LogFactory.getLog(AcpExceptionTranslator.class);

	/**
	 * Translate a failure.
	 * @param method the method that was called
	 * @param failure what was thrown
	 * @return the exception carrying the error to answer
	 */
	public JsonRpcException translate(String method, Throwable failure) {
		return translate(method, failure, false);
	}

	/**
	 * Translate a failure of a call that may have been cancelled: a failure after the
	 * cancellation (typically the interrupt) is expected and logged at debug only.
	 * @param method the method that was called
	 * @param failure what was thrown
	 * @param cancelled whether the call was cancelled
	 * @return the exception carrying the error to answer
	 */
	public JsonRpcException translate(String method, Throwable failure, boolean cancelled) {
		Throwable cause = unwrap(failure);
		if (cause instanceof JsonRpcException ex) {
			return ex;
		}
		if (JsonRpcConnectionClosedException.isCause(cause)) {
			return new JsonRpcException(JsonRpcError.requestCancelled());
		}
		if (cancelled) {
			if (logger.isDebugEnabled()) {
				logger.debug("Handler of '" + method + "' ended after its cancellation: " + cause);
			}
		}
		else {
			logger.error("Handler of '" + method + "' failed", cause);
		}
		return new JsonRpcException(JsonRpcError.internalError());
	}

	static Throwable unwrap(Throwable failure) {
		Throwable cause = failure;
		while ((cause instanceof CompletionException || cause instanceof ExecutionException)
				&& cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause;
	}

}

package dev.acp.spring.method.support;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcConnectionClosedException;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpRequestContext;
import org.jspecify.annotations.Nullable;

/**
 * The {@link dev.acp.spring.annotation.AcpExceptionHandler @AcpExceptionHandler} methods
 * asked about one handler's failures: its own bean's first, then the advice beans' in
 * their order. The first bean with a method for the failure (or one of its causes)
 * decides; its method answers an error or leaves the failure to the
 * {@link AcpExceptionTranslator}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ExceptionHandlers {

	static final ExceptionHandlers NONE = new ExceptionHandlers(List.of());

	private static final Log logger = LogFactory.getLog(ExceptionHandlers.class);

	private final List<ExceptionHandlerMethods> beans;

	ExceptionHandlers(List<ExceptionHandlerMethods> beans) {
		this.beans = List.copyOf(beans);
	}

	/**
	 * These handlers with a bean's own asked first.
	 * @param local the handler bean's methods, or {@code null}
	 * @return the handlers
	 */
	ExceptionHandlers withLocal(@Nullable ExceptionHandlerMethods local) {
		if (local == null) {
			return this;
		}
		List<ExceptionHandlerMethods> beans = new ArrayList<>(this.beans.size() + 1);
		beans.add(local);
		beans.addAll(this.beans);
		return new ExceptionHandlers(beans);
	}

	/**
	 * The error an exception handler answers for a failure. Failures that carry their
	 * answer already (a {@link JsonRpcException}, a closed connection) and the failures
	 * of cancelled calls are left to the translator.
	 * @param method the method that was called
	 * @param failure what was thrown
	 * @param context the call
	 * @return the error, or {@code null} to fall through
	 */
	@Nullable JsonRpcException handle(String method, Throwable failure, AcpRequestContext context) {
		if (this.beans.isEmpty() || context.isCancelled()) {
			return null;
		}
		Throwable cause = AcpExceptionTranslator.unwrap(failure);
		if (cause instanceof JsonRpcException || JsonRpcConnectionClosedException.isCause(cause)) {
			return null;
		}
		for (ExceptionHandlerMethods bean : this.beans) {
			ExceptionHandlerMethods.Match match = bean.find(cause);
			if (match != null) {
				return handle(method, bean, match, cause, context);
			}
		}
		return null;
	}

	private static @Nullable JsonRpcException handle(String method, ExceptionHandlerMethods bean,
			ExceptionHandlerMethods.Match match, Throwable cause, AcpRequestContext context) {
		try {
			JsonRpcException answer = bean.handle(match, cause, context);
			if (answer == null && logger.isDebugEnabled()) {
				logger.debug(bean.describe(match.method()) + " left the failure of '" + method
						+ "' to the built-in translation");
			}
			return answer;
		}
		catch (Throwable ex) {
			Throwable thrown = AcpExceptionTranslator.unwrap(ex);
			if (thrown instanceof JsonRpcException answer) {
				return answer;
			}
			logger.warn(bean.describe(match.method()) + " failed handling the failure of '" + method + "'", thrown);
			return null;
		}
	}

}

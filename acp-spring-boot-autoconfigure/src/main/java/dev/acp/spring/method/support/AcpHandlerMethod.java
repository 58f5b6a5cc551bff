package dev.acp.spring.method.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpHandlerInterceptor;
import dev.acp.spring.method.AcpRequestContext;
import org.jspecify.annotations.Nullable;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.core.MethodParameter;
import org.springframework.util.ReflectionUtils;

/**
 * One discovered handler method: its wire name, kind, namespace and how to invoke it.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpHandlerMethod {

	private static final Log logger = LogFactory.getLog(AcpHandlerMethod.class);

	private final String name;

	private final AcpHandlerKind kind;

	private final @Nullable String namespace;

	private final @Nullable AcpExtension extension;

	private final boolean nonBlocking;

	private final String beanName;

	private final Method method;

	private final Supplier<Object> bean;

	private final MethodParameter[] parameters;

	private final AcpArgumentResolver[] resolvers;

	private final @Nullable ArgumentsValidation argumentsValidation;

	private final AcpExceptionTranslator exceptionTranslator;

	private final ExceptionHandlers exceptionHandlers;

	private final List<AcpHandlerInterceptor> interceptors;

	AcpHandlerMethod(String name, AcpHandlerKind kind, boolean nonBlocking, @Nullable String namespace,
			@Nullable AcpExtension extension, String beanName, Method method, Supplier<Object> bean,
			MethodParameter[] parameters, AcpArgumentResolver[] resolvers,
			@Nullable ArgumentsValidation argumentsValidation, AcpExceptionTranslator exceptionTranslator,
			ExceptionHandlers exceptionHandlers, List<AcpHandlerInterceptor> interceptors) {
		this.name = name;
		this.kind = kind;
		this.nonBlocking = nonBlocking;
		this.namespace = namespace;
		this.extension = extension;
		this.beanName = beanName;
		this.method = method;
		this.bean = bean;
		this.parameters = parameters;
		this.resolvers = resolvers;
		this.argumentsValidation = argumentsValidation;
		this.exceptionTranslator = exceptionTranslator;
		this.exceptionHandlers = exceptionHandlers;
		this.interceptors = List.copyOf(interceptors);
		ReflectionUtils.makeAccessible(method);
	}

	/**
	 * The wire name.
	 * @return the name
	 */
	public String name() {
		return this.name;
	}

	public AcpHandlerKind kind() {
		return this.kind;
	}

	/**
	 * Whether the handler declared that it never blocks, so that it may be called on the
	 * connection's reading thread.
	 * @return whether non-blocking
	 */
	public boolean isNonBlocking() {
		return this.nonBlocking;
	}

	/**
	 * The extension namespace, {@code null} for a core ACP method.
	 * @return the namespace
	 */
	public @Nullable String namespace() {
		return this.namespace;
	}

	/**
	 * The {@link AcpExtension @AcpExtension} of the bean class.
	 * @return the annotation, or {@code null}
	 */
	public @Nullable AcpExtension extension() {
		return this.extension;
	}

	public String beanName() {
		return this.beanName;
	}

	/**
	 * The type the call's {@code params} are bound to: the generic type of the parameter
	 * the params resolver serves.
	 * @return the type, or {@code null} when the handler takes no params object
	 */
	public java.lang.reflect.@Nullable Type paramsType() {
		for (int i = 0; i < this.resolvers.length; i++) {
			if (this.resolvers[i] instanceof ParamsArgumentResolver) {
				return this.parameters[i].getGenericParameterType();
			}
		}
		return null;
	}

	/**
	 * The invoked method (on the bean or its proxy).
	 * @return the method
	 */
	public Method method() {
		return this.method;
	}

	/**
	 * Invoke the handler for one call, through the {@link AcpHandlerInterceptor
	 * interceptors}. Never throws: failures complete the stage with the
	 * {@link dev.acp.spring.jsonrpc.JsonRpcException} to answer, chosen by the
	 * {@link dev.acp.spring.annotation.AcpExceptionHandler @AcpExceptionHandler} methods,
	 * else by the {@link AcpExceptionTranslator}. The arguments bound from the message
	 * are checked before the call (-32602 naming the fields); whatever the call throws is
	 * the handler's failure.
	 * @param context the call
	 * @return the result stage; {@code null} result for {@code void} methods
	 */
	public CompletionStage<Object> invoke(AcpRequestContext context) {
		CompletableFuture<Object> outcome = this.interceptors.isEmpty() ? call(context) : proceed(context, 0);
		if (outcome.isDone() && !outcome.isCompletedExceptionally()) {
			return outcome;
		}
		CompletableFuture<Object> answer = new CompletableFuture<>();
		// translate never throws, so every path completes the answer; the stage handle
		// returns completes with null (unlike whenComplete's, which would wrap the
		// failure, reading its message)
		CompletableFuture<?> unused = outcome.handle((value, failure) -> {
			if (failure != null) {
				answer.completeExceptionally(translate(context, failure));
			}
			else {
				answer.complete(value);
			}
			return null;
		});
		return answer;
	}

	private CompletableFuture<Object> proceed(AcpRequestContext context, int index) {
		if (index == this.interceptors.size()) {
			return call(context);
		}
		Object result;
		try {
			result = this.interceptors.get(index).intercept(context, () -> proceed(context, index + 1));
		}
		catch (Throwable ex) {
			return CompletableFuture.failedFuture(ex);
		}
		return outcome(result);
	}

	private CompletableFuture<Object> call(AcpRequestContext context) {
		Object result;
		try {
			Object[] args = new Object[this.parameters.length];
			for (int i = 0; i < args.length; i++) {
				args[i] = this.resolvers[i].resolveArgument(this.parameters[i], context);
			}
			Object bean = this.bean.get();
			if (this.argumentsValidation != null) {
				this.argumentsValidation.validate(target(bean), args);
			}
			result = this.method.invoke(bean, args);
		}
		catch (InvocationTargetException ex) {
			return CompletableFuture.failedFuture(ex.getCause());
		}
		catch (Throwable ex) {
			return CompletableFuture.failedFuture(ex);
		}
		return outcome(result);
	}

	private static CompletableFuture<Object> outcome(@Nullable Object result) {
		if (result instanceof CompletionStage<?> stage) {
			CompletableFuture<Object> outcome = new CompletableFuture<>();
			stage.handle((value, failure) -> {
				if (failure != null) {
					outcome.completeExceptionally(failure);
				}
				else {
					outcome.complete(value);
				}
				return null;
			});
			return outcome;
		}
		return CompletableFuture.completedFuture(result);
	}

	private static Object target(Object bean) {
		Object target = bean;
		Object next = AopProxyUtils.getSingletonTarget(target);
		while (next != null) {
			target = next;
			next = AopProxyUtils.getSingletonTarget(target);
		}
		return target;
	}

	/**
	 * The error to answer for a failure. Never throws: when asking the exception handlers
	 * or the translator fails too (a failure whose message cannot even be read, say, so
	 * that logging it throws), the answer is -32603.
	 */
	private JsonRpcException translate(AcpRequestContext context, Throwable failure) {
		try {
			JsonRpcException answer = this.exceptionHandlers.handle(this.name, failure, context);
			return (answer != null) ? answer
					: this.exceptionTranslator.translate(this.name, failure, context.isCancelled());
		}
		catch (Throwable ex) {
			logger.error("Handler of '" + this.name + "' failed with " + failure.getClass().getName()
					+ ", which could not be translated (" + ex.getClass().getName() + ")");
			return new JsonRpcException(JsonRpcError.internalError());
		}
	}

	/**
	 * Checks a handler's arguments before the call.
	 */
	@FunctionalInterface
	interface ArgumentsValidation {

		/**
		 * Check the arguments.
		 * @param target the handler's bean without its singleton proxies
		 * @param arguments the arguments
		 * @throws AcpException -32602 naming the offending fields
		 */
		void validate(Object target, Object[] arguments);

	}

	@Override
	public String toString() {
		return this.name + " -> " + this.beanName + "#" + this.method.getName();
	}

}

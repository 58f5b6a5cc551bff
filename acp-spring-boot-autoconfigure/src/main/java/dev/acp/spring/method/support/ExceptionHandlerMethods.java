package dev.acp.spring.method.support;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import dev.acp.spring.annotation.AcpExceptionHandler;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.core.ExceptionDepthComparator;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ConcurrentReferenceHashMap;
import org.springframework.util.ReflectionUtils;

/**
 * The {@link AcpExceptionHandler @AcpExceptionHandler} methods of one bean, and which of
 * them handles an exception type: the one declared for the closest type.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ExceptionHandlerMethods {

	private final String beanName;

	private final Supplier<Object> bean;

	private final Map<Class<? extends Throwable>, Method> methods;

	private final Map<Class<? extends Throwable>, Optional<Method>> resolved = new ConcurrentReferenceHashMap<>(16);

	private ExceptionHandlerMethods(String beanName, Supplier<Object> bean,
			Map<Class<? extends Throwable>, Method> methods) {
		this.beanName = beanName;
		this.bean = bean;
		this.methods = methods;
	}

	/**
	 * Find the exception handler methods of a bean, checking each.
	 * @param beanName the bean name
	 * @param targetType the bean's class without proxies
	 * @param beanType the type of the bean as exposed, or {@code null}
	 * @param bean supplies the bean
	 * @return the methods, or {@code null} when the bean has none
	 * @throws BeanInitializationException naming the bean and method of an invalid one
	 */
	static @Nullable ExceptionHandlerMethods find(String beanName, Class<?> targetType, @Nullable Class<?> beanType,
			Supplier<Object> bean) {
		Map<Method, AcpExceptionHandler> annotated = MethodIntrospector.selectMethods(targetType,
				(MethodIntrospector.MetadataLookup<AcpExceptionHandler>) (method) -> AnnotatedElementUtils
					.findMergedAnnotation(method, AcpExceptionHandler.class));
		if (annotated.isEmpty()) {
			return null;
		}
		Map<Class<? extends Throwable>, Method> methods = new LinkedHashMap<>();
		annotated.forEach((method, annotation) -> {
			checkSignature(beanName, method);
			Method invocable = AopUtils.selectInvocableMethod(method,
					(beanType != null) ? beanType : method.getDeclaringClass());
			ReflectionUtils.makeAccessible(invocable);
			for (Class<? extends Throwable> type : exceptionTypes(beanName, method, annotation)) {
				Method existing = methods.putIfAbsent(type, invocable);
				if (existing != null) {
					throw invalid(beanName, method,
							"handles " + type.getName() + ", which '" + existing.getDeclaringClass().getSimpleName()
									+ "." + existing.getName() + "' handles too");
				}
			}
		});
		return new ExceptionHandlerMethods(beanName, bean, methods);
	}

	private static void checkSignature(String beanName, Method method) {
		for (Class<?> type : method.getParameterTypes()) {
			if (!Throwable.class.isAssignableFrom(type) && !ContextArgumentResolver.supports(type)) {
				throw invalid(beanName, method, "has an unsupported parameter of type " + type.getName()
						+ " (supported: the exception, AcpRequestContext, AcpConnection, AcpClient)");
			}
		}
		Class<?> returnType = method.getReturnType();
		if (returnType != void.class && !JsonRpcException.class.isAssignableFrom(returnType)
				&& returnType != JsonRpcError.class) {
			throw invalid(beanName, method, "returns " + returnType.getName()
					+ "; return an AcpException or a JsonRpcError to answer, or void or null to fall through");
		}
	}

	@SuppressWarnings("unchecked")
	private static List<Class<? extends Throwable>> exceptionTypes(String beanName, Method method,
			AcpExceptionHandler annotation) {
		List<Class<? extends Throwable>> types = new ArrayList<>(List.of(annotation.value()));
		if (types.isEmpty()) {
			for (Class<?> type : method.getParameterTypes()) {
				if (Throwable.class.isAssignableFrom(type)) {
					types.add((Class<? extends Throwable>) type);
				}
			}
		}
		if (types.isEmpty()) {
			throw invalid(beanName, method, "names no exception type: list them in @AcpExceptionHandler"
					+ " or declare the exception as a parameter");
		}
		return types;
	}

	/**
	 * The handler of a failure: of the exception itself, else of its nearest cause that
	 * has one.
	 * @param failure the failure
	 * @return the match, or {@code null}
	 */
	@Nullable Match find(Throwable failure) {
		for (Throwable exception = failure; exception != null; exception = nextCause(exception)) {
			Method method = resolve(exception.getClass());
			if (method != null) {
				return new Match(method, exception);
			}
		}
		return null;
	}

	private static @Nullable Throwable nextCause(Throwable exception) {
		Throwable cause = exception.getCause();
		return (cause != exception) ? cause : null;
	}

	private @Nullable Method resolve(Class<? extends Throwable> type) {
		return this.resolved.computeIfAbsent(type, (key) -> {
			List<Class<? extends Throwable>> matches = new ArrayList<>();
			for (Class<? extends Throwable> declared : this.methods.keySet()) {
				if (declared.isAssignableFrom(key)) {
					matches.add(declared);
				}
			}
			if (matches.size() > 1) {
				matches.sort(new ExceptionDepthComparator(key));
			}
			return matches.stream().findFirst().map(this.methods::get);
		}).orElse(null);
	}

	/**
	 * Call the matched method.
	 * @param match what {@link #find} found
	 * @param failure the failure as thrown
	 * @param context the call that failed
	 * @return the error to answer, or {@code null} to fall through
	 * @throws Throwable what the method threw
	 */
	@Nullable JsonRpcException handle(Match match, Throwable failure, AcpRequestContext context) throws Throwable {
		Method method = match.method();
		Class<?>[] types = method.getParameterTypes();
		Object[] args = new Object[types.length];
		for (int i = 0; i < types.length; i++) {
			args[i] = Throwable.class.isAssignableFrom(types[i]) ? exception(types[i], match.exception(), failure)
					: ContextArgumentResolver.resolve(types[i], context);
		}
		Object result;
		try {
			result = method.invoke(this.bean.get(), args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
		if (result instanceof JsonRpcError error) {
			return new JsonRpcException(error);
		}
		return (JsonRpcException) result;
	}

	private static @Nullable Object exception(Class<?> type, Throwable matched, Throwable failure) {
		if (type.isInstance(matched)) {
			return matched;
		}
		for (Throwable exception = failure; exception != null; exception = nextCause(exception)) {
			if (type.isInstance(exception)) {
				return exception;
			}
		}
		return null;
	}

	String describe(Method method) {
		return "'" + method.getDeclaringClass().getSimpleName() + "." + method.getName() + "' of bean '" + this.beanName
				+ "'";
	}

	private static BeanInitializationException invalid(String beanName, Method method, String problem) {
		return new BeanInitializationException(
				"Invalid @AcpExceptionHandler '" + method.getDeclaringClass().getSimpleName() + "." + method.getName()
						+ "' of bean '" + beanName + "': it " + problem);
	}

	/**
	 * A handler method and the exception of the failure's chain it matched.
	 *
	 * @param method the method
	 * @param exception the exception it handles
	 */
	record Match(Method method, Throwable exception) {

	}

}

package dev.acp.spring.method.support;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import dev.acp.spring.annotation.AcpClientSide;
import dev.acp.spring.annotation.AcpControllerAdvice;
import dev.acp.spring.annotation.AcpExceptionHandler;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpHandlerInterceptor;
import dev.acp.spring.protocol.AcpMethods;
import org.jspecify.annotations.Nullable;

import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.MethodParameter;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.core.annotation.Order;
import org.springframework.util.StringUtils;
import org.springframework.util.function.SingletonSupplier;

/**
 * Finds {@link AcpMethod @AcpMethod} and {@link AcpNotification @AcpNotification} methods
 * on the bean types once all singletons exist, with the
 * {@link AcpExceptionHandler @AcpExceptionHandler} methods of their beans and of the
 * {@link AcpControllerAdvice @AcpControllerAdvice} beans, and the
 * {@link AcpHandlerInterceptor} beans; checks them, and freezes the
 * {@link AcpMethodRegistry}. Anything invalid fails start-up with a message naming the
 * bean and method.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpMethodDiscoverer implements SmartInitializingSingleton, BeanFactoryAware {

	private final AcpMethodRegistry registry;

	private final List<AcpArgumentResolver> resolvers;

	private final AcpExceptionTranslator exceptionTranslator;

	private final @Nullable Object validator;

	private final boolean clientSide;

	private final Set<Class<?>> nonAnnotatedClasses = Collections.newSetFromMap(new ConcurrentHashMap<>(64));

	private @Nullable ConfigurableListableBeanFactory beanFactory;

	/**
	 * Create a discoverer.
	 * @param registry the registry to fill
	 * @param resolvers the argument resolvers, in the order they are asked
	 * @param exceptionTranslator turns handler failures into errors
	 */
	public AcpMethodDiscoverer(AcpMethodRegistry registry, List<AcpArgumentResolver> resolvers,
			AcpExceptionTranslator exceptionTranslator) {
		this(registry, resolvers, exceptionTranslator, false);
	}

	private AcpMethodDiscoverer(AcpMethodRegistry registry, List<AcpArgumentResolver> resolvers,
			AcpExceptionTranslator exceptionTranslator, boolean clientSide) {
		this.clientSide = clientSide;
		this.registry = registry;
		this.resolvers = List.copyOf(resolvers);
		this.exceptionTranslator = exceptionTranslator;
		this.validator = this.resolvers.stream()
			.filter(ParamsArgumentResolver.class::isInstance)
			.map((resolver) -> ((ParamsArgumentResolver) resolver).validator())
			.filter((candidate) -> candidate != null)
			.findFirst()
			.orElse(null);
	}

	/**
	 * Create a discoverer of the handlers of the client side: those of the beans marked
	 * {@link AcpClientSide @AcpClientSide}, which the agent side leaves out.
	 * @param registry the registry to fill
	 * @param resolvers the argument resolvers, in the order they are asked
	 * @param exceptionTranslator turns handler failures into errors
	 * @return the discoverer
	 */
	public static AcpMethodDiscoverer forClientSide(AcpMethodRegistry registry, List<AcpArgumentResolver> resolvers,
			AcpExceptionTranslator exceptionTranslator) {
		return new AcpMethodDiscoverer(registry, resolvers, exceptionTranslator, true);
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) {
		this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
	}

	private ConfigurableListableBeanFactory beanFactory() {
		ConfigurableListableBeanFactory beanFactory = this.beanFactory;
		if (beanFactory == null) {
			throw new IllegalStateException("ACP handler methods are discovered in a bean factory");
		}
		return beanFactory;
	}

	@Override
	public void afterSingletonsInstantiated() {
		ConfigurableListableBeanFactory beanFactory = beanFactory();
		Map<String, Class<?>> types = new LinkedHashMap<>();
		for (String beanName : beanFactory.getBeanNamesForType(Object.class, false, false)) {
			if (ScopedProxyUtils.isScopedTarget(beanName)) {
				continue;
			}
			Class<?> type = AutoProxyUtils.determineTargetClass(beanFactory, beanName);
			if (type != null) {
				types.put(beanName, type);
			}
		}
		ExceptionHandlers advice = advice(types);
		List<AcpHandlerInterceptor> interceptors = beanFactory.getBeanProvider(AcpHandlerInterceptor.class)
			.orderedStream()
			.toList();
		Map<String, AcpHandlerMethod> handlers = new LinkedHashMap<>();
		types.values()
			.removeIf((type) -> AnnotatedElementUtils.hasAnnotation(type, AcpClientSide.class) != this.clientSide);
		types.forEach((beanName, type) -> discover(beanName, type, handlers, advice, interceptors));
		checkExtensionsAgree(handlers.values());
		this.registry.freeze(new ArrayList<>(handlers.values()));
	}

	private ExceptionHandlers advice(Map<String, Class<?>> types) {
		List<OrderedAdvice> advice = new ArrayList<>();
		types.forEach((beanName, type) -> {
			if (AnnotatedElementUtils.hasAnnotation(type, AcpControllerAdvice.class)) {
				ExceptionHandlerMethods methods = ExceptionHandlerMethods.find(beanName, type,
						beanFactory().getType(beanName), bean(beanName));
				if (methods != null) {
					advice.add(new OrderedAdvice(order(beanName, type), methods));
				}
			}
		});
		advice.sort(Comparator.comparingInt(OrderedAdvice::order));
		return new ExceptionHandlers(advice.stream().map(OrderedAdvice::methods).toList());
	}

	private int order(String beanName, Class<?> type) {
		if (Ordered.class.isAssignableFrom(type)) {
			return ((Ordered) beanFactory().getBean(beanName)).getOrder();
		}
		Order order = beanFactory().findAnnotationOnBean(beanName, Order.class);
		return (order != null) ? order.value() : Ordered.LOWEST_PRECEDENCE;
	}

	private Supplier<Object> bean(String beanName) {
		ConfigurableListableBeanFactory beanFactory = beanFactory();
		return beanFactory.isSingleton(beanName) ? SingletonSupplier.of(() -> beanFactory.getBean(beanName))
				: () -> beanFactory.getBean(beanName);
	}

	private void checkExtensionsAgree(Iterable<AcpHandlerMethod> handlers) {
		Map<String, AcpHandlerMethod> declaring = new LinkedHashMap<>();
		for (AcpHandlerMethod handler : handlers) {
			AcpExtension extension = handler.extension();
			if (extension == null) {
				continue;
			}
			AcpHandlerMethod first = declaring.putIfAbsent(extension.value(), handler);
			AcpExtension declared = (first != null) ? first.extension() : null;
			if (first != null && declared != null && !agree(declared, extension)) {
				throw new BeanInitializationException("Conflicting @AcpExtension(\"" + extension.value()
						+ "\") declarations on beans '" + first.beanName() + "' and '" + handler.beanName()
						+ "': version, uri and required must agree (or be left empty on all but one)");
			}
			if (declared != null && !StringUtils.hasText(declared.version())
					&& StringUtils.hasText(extension.version())) {
				declaring.put(extension.value(), handler);
			}
		}
	}

	private static boolean agree(AcpExtension first, AcpExtension second) {
		return agree(first.version(), second.version()) && agree(first.uri(), second.uri())
				&& first.required() == second.required();
	}

	private static boolean agree(String first, String second) {
		return !StringUtils.hasText(first) || !StringUtils.hasText(second) || first.equals(second);
	}

	private void discover(String beanName, Class<?> targetType, Map<String, AcpHandlerMethod> handlers,
			ExceptionHandlers advice, List<AcpHandlerInterceptor> interceptors) {
		if (this.nonAnnotatedClasses.contains(targetType) || !AnnotationUtils.isCandidateClass(targetType,
				List.of(AcpMethod.class, AcpNotification.class, AcpExceptionHandler.class))) {
			return;
		}
		Map<Method, Boolean> annotated = MethodIntrospector.selectMethods(targetType,
				(MethodIntrospector.MetadataLookup<Boolean>) AcpMethodDiscoverer::isHandler);
		if (!annotated.containsValue(Boolean.TRUE)) {
			checkNoStrayExceptionHandlers(beanName, targetType, annotated.keySet());
			this.nonAnnotatedClasses.add(targetType);
			return;
		}
		annotated.values().removeIf(Boolean.FALSE::equals);
		AcpExtension extension = AnnotatedElementUtils.findMergedAnnotation(targetType, AcpExtension.class);
		Class<?> beanType = beanFactory().getType(beanName);
		Supplier<Object> bean = bean(beanName);
		ExceptionHandlers exceptionHandlers = advice
			.withLocal(ExceptionHandlerMethods.find(beanName, targetType, beanType, bean));
		for (Method method : annotated.keySet()) {
			AcpHandlerMethod handler = createHandler(beanName, targetType, beanType, bean, method, extension,
					exceptionHandlers, interceptors);
			AcpHandlerMethod existing = handlers.putIfAbsent(handler.name(), handler);
			if (existing != null) {
				throw new BeanInitializationException("Duplicate ACP handler for '" + handler.name() + "': "
						+ describe(existing.beanName(), existing.method()) + " and " + describe(beanName, method));
			}
		}
	}

	private static @Nullable Boolean isHandler(Method method) {
		if (AnnotatedElementUtils.hasAnnotation(method, AcpMethod.class)
				|| AnnotatedElementUtils.hasAnnotation(method, AcpNotification.class)) {
			return Boolean.TRUE;
		}
		return AnnotatedElementUtils.hasAnnotation(method, AcpExceptionHandler.class) ? Boolean.FALSE : null;
	}

	private static void checkNoStrayExceptionHandlers(String beanName, Class<?> targetType,
			Set<Method> exceptionHandlers) {
		if (!exceptionHandlers.isEmpty()
				&& !AnnotatedElementUtils.hasAnnotation(targetType, AcpControllerAdvice.class)) {
			throw new BeanInitializationException("@AcpExceptionHandler "
					+ describe(beanName, exceptionHandlers.iterator().next()) + " would never be called: its bean"
					+ " has no ACP handler methods and is not an @AcpControllerAdvice");
		}
	}

	private AcpHandlerMethod createHandler(String beanName, Class<?> targetType, @Nullable Class<?> beanType,
			Supplier<Object> bean, Method method, @Nullable AcpExtension extension, ExceptionHandlers exceptionHandlers,
			List<AcpHandlerInterceptor> interceptors) {
		AcpMethod request = AnnotatedElementUtils.findMergedAnnotation(method, AcpMethod.class);
		AcpNotification notification = AnnotatedElementUtils.findMergedAnnotation(method, AcpNotification.class);
		if (request != null && notification != null) {
			throw invalid(beanName, method, "is annotated with both @AcpMethod and @AcpNotification");
		}
		AcpHandlerKind kind;
		String name;
		if (request != null) {
			kind = AcpHandlerKind.REQUEST;
			name = request.value();
		}
		else if (notification != null) {
			kind = AcpHandlerKind.NOTIFICATION;
			name = notification.value();
		}
		else {
			throw invalid(beanName, method, "is annotated with neither @AcpMethod nor @AcpNotification");
		}
		String namespace = checkName(beanName, method, kind, name, extension);
		Method invocable = AopUtils.selectInvocableMethod(method,
				(beanType != null) ? beanType : method.getDeclaringClass());
		int count = invocable.getParameterCount();
		MethodParameter[] parameters = new MethodParameter[count];
		AcpArgumentResolver[] resolvers = new AcpArgumentResolver[count];
		@Nullable String[] roots = new String[count];
		boolean paramsBound = false;
		for (int i = 0; i < count; i++) {
			MethodParameter parameter = new MethodParameter(method, i);
			parameter.initParameterNameDiscovery(null);
			AcpArgumentResolver resolver = this.resolvers.stream()
				.filter((candidate) -> candidate.supportsParameter(parameter))
				.findFirst()
				.orElseThrow(() -> invalid(beanName, method, "has an unsupported parameter of type "
						+ parameter.getParameterType().getName() + " at index " + parameter.getParameterIndex()));
			if (resolver instanceof ParamsArgumentResolver) {
				if (paramsBound) {
					throw invalid(beanName, method, "has more than one parameter bound from params (index "
							+ parameter.getParameterIndex() + "); combine them into one type");
				}
				paramsBound = true;
				roots[i] = "";
			}
			else if (resolver instanceof MetaArgumentResolver) {
				roots[i] = "_meta";
			}
			parameters[i] = parameter;
			resolvers[i] = resolver;
		}
		boolean nonBlocking = request != null && request.nonBlocking();
		Object validator = this.validator;
		AcpHandlerMethod.ArgumentsValidation argumentsValidation = (validator != null)
				? HandlerArgumentsValidation.of(validator, targetType, method, roots) : null;
		return new AcpHandlerMethod(name, kind, nonBlocking, namespace, extension, beanName, invocable, bean,
				parameters, resolvers, argumentsValidation, this.exceptionTranslator, exceptionHandlers, interceptors);
	}

	private @Nullable String checkName(String beanName, Method method, AcpHandlerKind kind, String name,
			@Nullable AcpExtension extension) {
		if (name == null || name.isBlank()) {
			throw invalid(beanName, method, "has an empty ACP method name");
		}
		if (this.clientSide && !AcpMethods.isExtension(name)) {
			throw invalid(beanName, method, "has the name '" + name + "', which is not an extension name (starting"
					+ " with '_'): an @AcpClientSide bean serves extensions only; the core client methods are served"
					+ " by AcpClientFileSystem, AcpClientTerminals and AcpPermissionPolicy beans");
		}
		if (!AcpMethods.isExtension(name)) {
			boolean known = (kind == AcpHandlerKind.REQUEST) ? AcpMethods.isAgentRequest(name)
					: AcpMethods.isAgentNotification(name);
			if (!known) {
				throw invalid(beanName, method, "has the name '" + name + "', which is neither an extension name"
						+ " (starting with '_') nor an ACP " + kind.name().toLowerCase() + " an agent serves");
			}
			if (AcpMethods.INITIALIZE.equals(name)) {
				throw invalid(beanName, method, "serves 'initialize', which the starter serves itself;"
						+ " declare an AcpCapabilitiesCustomizer bean to change its answer");
			}
			return null;
		}
		if (name.length() < 2) {
			throw invalid(beanName, method, "has the name '_', which names no method");
		}
		if (extension != null) {
			if (!name.startsWith("_" + extension.value() + "/")) {
				throw invalid(beanName, method, "has the name '" + name + "', which is outside the namespace '"
						+ extension.value() + "' of its @AcpExtension (expected '_" + extension.value() + "/...')");
			}
			return extension.value();
		}
		return AcpMethods.namespaceOf(name);
	}

	private record OrderedAdvice(int order, ExceptionHandlerMethods methods) {
	}

	private static BeanInitializationException invalid(String beanName, Method method, String problem) {
		return new BeanInitializationException("Invalid ACP handler " + describe(beanName, method) + ": it " + problem);
	}

	private static String describe(String beanName, Method method) {
		return "'" + method.getDeclaringClass().getSimpleName() + "." + method.getName() + "' of bean '" + beanName
				+ "'";
	}

}

package dev.acp.spring.test.autoconfigure;

import java.lang.reflect.Modifier;

import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.UnsatisfiedDependencyException;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.analyzer.AbstractInjectionFailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.annotation.MergedAnnotations.SearchStrategy;
import org.springframework.core.env.Environment;

/**
 * Explains, when an {@link AcpTest @AcpTest} fails to start because a bean is missing,
 * that the slice left the application's other beans out, and how to give them to the
 * test: {@code @Import}, an include filter, or {@code @MockitoBean} for a component,
 * {@code @EnableConfigurationProperties} for a {@code @ConfigurationProperties} type
 * (also when such a type was imported as a component and its constructor asks for its
 * values as beans). Asked before Spring Boot's own analysis of a missing bean, and only
 * in an {@code @AcpTest}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AcpTestFailureAnalyzer extends AbstractInjectionFailureAnalyzer<NoSuchBeanDefinitionException>
		implements Ordered {

	private static final String SLICE = "\n\n@AcpTest starts only the beans that serve ACP (classes with @AcpMethod "
			+ "or @AcpNotification methods or annotated @AcpExtension, @AcpControllerAdvice, AcpHandlerInterceptor, "
			+ "AcpArgumentResolver, AcpSessionListener and AcpCapabilitiesCustomizer beans) and the ACP, Jackson "
			+ "and Bean Validation auto-configurations: the application's other beans are left out of the test.";

	private static final String WHOLE_APPLICATION = " To start the whole application instead, use "
			+ "@SpringBootTest(properties = \"acp.transport=none\").";

	private final Environment environment;

	AcpTestFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	protected @Nullable FailureAnalysis analyze(Throwable rootFailure, NoSuchBeanDefinitionException cause,
			@Nullable String description) {
		if (!this.environment.getProperty(AcpTestContextBootstrapper.MARKER, Boolean.class, false)) {
			return null;
		}
		ResolvableType type = cause.getResolvableType();
		Class<?> missing = (type != null) ? type.resolve() : null;
		String what = (missing != null) ? "a bean of type '" + missing.getName() + "'"
				: "a bean named '" + cause.getBeanName() + "'";
		String problem = ((description != null) ? description : "A component") + " required " + what
				+ " that could not be found.";
		Class<?> requiring = requiringClass(rootFailure);
		if (requiring != null && isConfigurationProperties(requiring)) {
			String name = requiring.getSimpleName();
			return new FailureAnalysis(problem + "\n\n" + requiring.getName() + " is a @ConfigurationProperties type "
					+ "registered as a plain bean (by @Import or an include filter): its values are bound from the "
					+ "environment only when it is enabled as configuration properties.",
					"Replace @Import(" + name + ".class) (or the include filter) on the test class with " + enable(name)
							+ ", and set its properties in @AcpTest(properties = ...)." + WHOLE_APPLICATION,
					cause);
		}
		if (missing != null && isConfigurationProperties(missing)) {
			String name = missing.getSimpleName();
			return new FailureAnalysis(problem + SLICE,
					"Bind it on the test class: " + enable(name) + " (its values from the application's "
							+ "properties or @AcpTest(properties = ...)), or a mock: @MockitoBean " + name + " field."
							+ WHOLE_APPLICATION,
					cause);
		}
		if (missing != null && !isImportable(missing)) {
			String name = missing.getSimpleName();
			return new FailureAnalysis(problem + SLICE,
					"Declare it for the test: a @Bean method returning " + name
							+ " in a @TestConfiguration class of the test, or a mock: @MockitoBean " + name + " field."
							+ WHOLE_APPLICATION,
					cause);
		}
		String name = (missing != null) ? missing.getSimpleName() : "TheMissingBean";
		return new FailureAnalysis(problem + SLICE,
				"Give the test the beans its handlers need, on the test class: " + "@Import(" + name
						+ ".class), or @AcpTest(includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, "
						+ "classes = " + name + ".class)), or a mock: @MockitoBean " + name + " field."
						+ WHOLE_APPLICATION,
				cause);
	}

	private static String enable(String name) {
		return "@EnableConfigurationProperties(" + name + ".class)";
	}

	/**
	 * The class whose injection point the missing bean was for: that of the innermost
	 * unsatisfied dependency.
	 */
	private static @Nullable Class<?> requiringClass(Throwable failure) {
		Class<?> requiring = null;
		for (Throwable candidate = failure; candidate != null; candidate = candidate.getCause()) {
			if (candidate instanceof UnsatisfiedDependencyException unsatisfied
					&& unsatisfied.getInjectionPoint() != null) {
				requiring = unsatisfied.getInjectionPoint().getMember().getDeclaringClass();
			}
		}
		return requiring;
	}

	private static boolean isConfigurationProperties(Class<?> type) {
		return MergedAnnotations.from(type, SearchStrategy.TYPE_HIERARCHY).isPresent(ConfigurationProperties.class);
	}

	/**
	 * Whether {@code @Import} of the type can make a bean of it: a concrete class of the
	 * application, not of the JDK.
	 */
	private static boolean isImportable(Class<?> type) {
		return !type.isInterface() && !type.isPrimitive() && !type.isArray()
				&& !Modifier.isAbstract(type.getModifiers()) && type.getClassLoader() != null;
	}

}

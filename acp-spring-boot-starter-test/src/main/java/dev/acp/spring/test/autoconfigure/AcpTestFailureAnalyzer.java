package dev.acp.spring.test.autoconfigure;

import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.analyzer.AbstractInjectionFailureAnalyzer;
import org.springframework.core.Ordered;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.Environment;

/**
 * Explains, when an {@link AcpTest @AcpTest} fails to start because a bean is missing,
 * that the slice left the application's other beans out, and how to give them to the
 * test: {@code @Import}, an include filter, or {@code @MockitoBean}. Asked before Spring
 * Boot's own analysis of a missing bean, and only in an {@code @AcpTest}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AcpTestFailureAnalyzer extends AbstractInjectionFailureAnalyzer<NoSuchBeanDefinitionException>
		implements Ordered {

	private final Environment environment;

	AcpTestFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, NoSuchBeanDefinitionException cause, String description) {
		if (!this.environment.getProperty(AcpTestContextBootstrapper.MARKER, Boolean.class, false)) {
			return null;
		}
		ResolvableType type = cause.getResolvableType();
		Class<?> missing = (type != null) ? type.resolve() : null;
		String what = (missing != null) ? "a bean of type '" + missing.getName() + "'"
				: "a bean named '" + cause.getBeanName() + "'";
		String name = (missing != null) ? missing.getSimpleName() : "TheMissingBean";
		return new FailureAnalysis(((description != null) ? description : "A component") + " required " + what
				+ " that could not be found.\n\n@AcpTest starts only the beans that serve ACP (classes with @AcpMethod "
				+ "or @AcpNotification methods or annotated @AcpExtension, AcpArgumentResolver and "
				+ "AcpCapabilitiesCustomizer beans) and the ACP, Jackson and Bean Validation auto-configurations: "
				+ "the application's other beans are left out of the test.",
				"Give the test the beans its handlers need, on the test class: @Import(" + name + ".class), or "
						+ "@AcpTest(includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = " + name
						+ ".class)), or a mock: @MockitoBean " + name + " field. To start the whole application "
						+ "instead, use @SpringBootTest(properties = \"acp.transport=none\").",
				cause);
	}

}

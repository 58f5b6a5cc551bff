package dev.acp.spring.autoconfigure;

import java.lang.reflect.Method;
import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.protocol.AcpMethods;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Matches when no bean of the application serves {@code session/prompt} with an
 * {@link AcpMethod @AcpMethod}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class OnNoApplicationPromptHandlerCondition extends SpringBootCondition implements ConfigurationCondition {

	@Override
	public ConfigurationPhase getConfigurationPhase() {
		return ConfigurationPhase.REGISTER_BEAN;
	}

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
		if (beanFactory != null) {
			for (String name : beanFactory.getBeanDefinitionNames()) {
				Class<?> type = beanFactory.getType(name, false);
				if (type != null && servesPrompt(ClassUtils.getUserClass(type))) {
					return ConditionOutcome.noMatch("bean '" + name + "' serves " + AcpMethods.SESSION_PROMPT);
				}
			}
		}
		return ConditionOutcome.match("no bean serves " + AcpMethods.SESSION_PROMPT);
	}

	private static boolean servesPrompt(Class<?> type) {
		if (type.getName().startsWith("org.springframework.")) {
			return false;
		}
		Map<Method, AcpMethod> methods = MethodIntrospector.selectMethods(type,
				(MethodIntrospector.MetadataLookup<AcpMethod>) (method) -> AnnotatedElementUtils
					.findMergedAnnotation(method, AcpMethod.class));
		return methods.values().stream().anyMatch((method) -> AcpMethods.SESSION_PROMPT.equals(method.value()));
	}

}

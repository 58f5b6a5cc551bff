package dev.acp.spring.test.autoconfigure;

import java.io.IOException;
import java.util.Set;

import dev.acp.spring.agent.AcpCapabilitiesCustomizer;
import dev.acp.spring.annotation.AcpControllerAdvice;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpHandlerInterceptor;
import dev.acp.spring.method.AcpSessionListener;

import org.springframework.boot.test.context.filter.annotation.StandardAnnotationCustomizableTypeExcludeFilter;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.MetadataReaderFactory;

/**
 * Keeps, in an {@link AcpTest @AcpTest}, only the scanned components that serve ACP: the
 * handler beans and what a handler's call passes through in production (advice,
 * interceptors, argument resolvers, session listeners) or what {@code initialize} answers
 * with (capabilities customizers).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AcpTypeExcludeFilter extends StandardAnnotationCustomizableTypeExcludeFilter<AcpTest> {

	private static final Set<Class<?>> KNOWN_INCLUDES = Set.of(AcpExtension.class, AcpControllerAdvice.class,
			AcpHandlerInterceptor.class, AcpArgumentResolver.class, AcpSessionListener.class,
			AcpCapabilitiesCustomizer.class);

	AcpTypeExcludeFilter(Class<?> testClass) {
		super(testClass);
	}

	@Override
	protected Set<Class<?>> getKnownIncludes() {
		return KNOWN_INCLUDES;
	}

	@Override
	protected boolean defaultInclude(MetadataReader metadataReader, MetadataReaderFactory metadataReaderFactory)
			throws IOException {
		AnnotationMetadata metadata = metadataReader.getAnnotationMetadata();
		return metadata.hasAnnotatedMethods(AcpMethod.class.getName())
				|| metadata.hasAnnotatedMethods(AcpNotification.class.getName())
				|| super.defaultInclude(metadataReader, metadataReaderFactory);
	}

}

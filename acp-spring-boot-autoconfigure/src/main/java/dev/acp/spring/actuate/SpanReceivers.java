package dev.acp.spring.actuate;

import java.util.Arrays;

import io.micrometer.tracing.exporter.SpanReporter;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * Whether anything of the application's receives the spans the tracer ends: a span
 * exporter (OTLP, Zipkin, ...), a Micrometer span reporter, a span processor other than
 * the batch processor Spring Boot defines over those exporters, or a customizer of Boot's
 * tracer provider (which may add a processor). Bean names are read, no bean is created.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class SpanReceivers {

	/** The name of the batch span processor Spring Boot defines over its exporters. */
	static final String BOOT_SPAN_PROCESSOR = "otelSpanProcessor";

	private static final String TRACER_PROVIDER_CUSTOMIZER = "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SdkTracerProviderBuilderCustomizer";

	private SpanReceivers() {
	}

	/**
	 * Whether nothing receives the spans of the application's tracer.
	 * @param beans the application's beans
	 * @return {@code true} when no exporter, reporter, processor of the application's or
	 * tracer provider customizer is a bean
	 */
	static boolean none(ListableBeanFactory beans) {
		return names(beans, SpanExporter.class).length == 0 && names(beans, SpanReporter.class).length == 0
				&& Arrays.stream(names(beans, SpanProcessor.class)).allMatch(BOOT_SPAN_PROCESSOR::equals)
				&& !hasCustomizer(beans);
	}

	private static boolean hasCustomizer(ListableBeanFactory beans) {
		ClassLoader classLoader = SpanReceivers.class.getClassLoader();
		if (!ClassUtils.isPresent(TRACER_PROVIDER_CUSTOMIZER, classLoader)) {
			return false;
		}
		return names(beans, ClassUtils.resolveClassName(TRACER_PROVIDER_CUSTOMIZER, classLoader)).length > 0;
	}

	private static String[] names(ListableBeanFactory beans, Class<?> type) {
		return beans.getBeanNamesForType(type, true, false);
	}

}

package dev.acp.spring.actuate;

import io.micrometer.tracing.handler.TracingObservationHandler;
import io.opentelemetry.sdk.trace.samplers.Sampler;

import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Wraps the application's OpenTelemetry {@link Sampler} in a {@link SampledRootSampler}
 * and each {@link TracingObservationHandler} in an {@link UnsampledCallsTracingHandler},
 * for the sampling of inbound calls before their observations start.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class TraceSamplingPostProcessor implements BeanPostProcessor {

	@Override
	@SuppressWarnings({ "rawtypes", "unchecked" })
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof Sampler sampler && !(bean instanceof SampledRootSampler)) {
			return new SampledRootSampler(sampler);
		}
		if (bean instanceof TracingObservationHandler handler && !(bean instanceof UnsampledCallsTracingHandler)) {
			return new UnsampledCallsTracingHandler(handler);
		}
		return bean;
	}

}

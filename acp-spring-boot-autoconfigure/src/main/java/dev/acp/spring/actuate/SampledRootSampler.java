package dev.acp.spring.actuate;

import java.util.List;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;

/**
 * The application's {@link Sampler}, except that a root span started while
 * {@link #sampled(Runnable)} runs is sampled: the call it belongs to was already sampled
 * by the same sampler ({@link OpenTelemetryTraceSampler}), and asking twice would sample
 * roots at the square of the configured rate.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class SampledRootSampler implements Sampler {

	private static final ThreadLocal<Boolean> SAMPLED = new ThreadLocal<>();

	private final Sampler delegate;

	SampledRootSampler(Sampler delegate) {
		this.delegate = delegate;
	}

	Sampler delegate() {
		return this.delegate;
	}

	/**
	 * Run an action during which a root span is sampled.
	 * @param action the action that starts the span
	 */
	static void sampled(Runnable action) {
		SAMPLED.set(Boolean.TRUE);
		try {
			action.run();
		}
		finally {
			SAMPLED.remove();
		}
	}

	@Override
	public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
			Attributes attributes, List<LinkData> parentLinks) {
		if (SAMPLED.get() != null && !Span.fromContext(parentContext).getSpanContext().isValid()) {
			return SamplingResult.recordAndSample();
		}
		return this.delegate.shouldSample(parentContext, traceId, name, spanKind, attributes, parentLinks);
	}

	@Override
	public String getDescription() {
		return this.delegate.getDescription();
	}

	@Override
	public String toString() {
		return this.delegate.toString();
	}

}

package dev.acp.spring.actuate;

import java.util.Map;

import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.jspecify.annotations.Nullable;

import dev.acp.spring.agent.AcpTraceContextWriter;

/**
 * Writes the current span's context through Micrometer Tracing's {@link Propagator} (any
 * bridge: OpenTelemetry, Brave), so a notification a handler sends carries the context of
 * the call it belongs to without a span of its own. While the unsampled trace context of
 * a call is current as the sampler made it, its {@code traceparent} is written as it is.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class TracingContextWriter implements AcpTraceContextWriter {

	private static final String TRACEPARENT = "traceparent";

	private final Tracer tracer;

	private final Propagator propagator;

	private final @Nullable UnsampledTraceparent unsampled;

	/**
	 * Create a writer.
	 * @param tracer the tracer
	 * @param propagator the propagator
	 * @param unsampled the traceparent of the unsampled call current on this thread, or
	 * {@code null} when calls are not sampled before their observation
	 */
	TracingContextWriter(Tracer tracer, Propagator propagator, @Nullable UnsampledTraceparent unsampled) {
		this.tracer = tracer;
		this.propagator = propagator;
		this.unsampled = unsampled;
	}

	@Override
	public void writeCurrent(Map<String, String> carrier) {
		if (this.unsampled != null) {
			String traceparent = this.unsampled.current();
			if (traceparent != null) {
				carrier.put(TRACEPARENT, traceparent);
				return;
			}
		}
		TraceContext context = this.tracer.currentTraceContext().context();
		if (context != null) {
			this.propagator.inject(context, carrier, (map, key, value) -> {
				if (map != null) {
					map.put(key, value);
				}
			});
		}
	}

}

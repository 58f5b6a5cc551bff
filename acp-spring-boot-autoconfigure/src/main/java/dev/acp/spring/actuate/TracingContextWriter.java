package dev.acp.spring.actuate;

import java.util.Map;

import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

import dev.acp.spring.agent.AcpTraceContextWriter;

/**
 * Writes the current span's context through Micrometer Tracing's {@link Propagator} (any
 * bridge: OpenTelemetry, Brave), so a notification a handler sends carries the context of
 * the call it belongs to without a span of its own.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class TracingContextWriter implements AcpTraceContextWriter {

	private final Tracer tracer;

	private final Propagator propagator;

	TracingContextWriter(Tracer tracer, Propagator propagator) {
		this.tracer = tracer;
		this.propagator = propagator;
	}

	@Override
	public void writeCurrent(Map<String, String> carrier) {
		TraceContext context = this.tracer.currentTraceContext().context();
		if (context != null) {
			this.propagator.inject(context, carrier, Map::put);
		}
	}

}

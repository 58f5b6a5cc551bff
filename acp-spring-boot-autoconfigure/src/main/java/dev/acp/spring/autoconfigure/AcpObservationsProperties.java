package dev.acp.spring.autoconfigure;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The observations of the calls the agent serves.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.observations")
public class AcpObservationsProperties {

	/**
	 * Whether every inbound call's observation goes through the tracing handlers, sampled
	 * or not (as before 0.1.0). By default, with the OpenTelemetry SDK, a call's trace is
	 * sampled first and an unsampled call gets its timer but no span, with an unsampled
	 * trace context current while it is served.
	 */
	private boolean traceUnsampledCalls;

	/**
	 * Whether every unsampled call gets an observation. By default, an unsampled call
	 * that nothing but timers would observe (no observation handler, filter, predicate or
	 * convention of the application's own, no management.observations.key-values) is
	 * timed directly, with the same timer and tags, without an observation.
	 */
	private boolean observeUnsampledCalls;

	/**
	 * Whether a root call (one whose client sent no trace context) is sampled at the
	 * configured probability even when nothing would receive its span. By default, with
	 * no span exporter, span reporter, span processor or tracer provider customizer of
	 * the application's, a root call is not sampled: it keeps its timer and an unsampled
	 * trace context, and a client's sampled trace context is still followed.
	 */
	private boolean traceRootsWithoutExporter;

	public boolean isTraceUnsampledCalls() {
		return this.traceUnsampledCalls;
	}

	public void setTraceUnsampledCalls(boolean traceUnsampledCalls) {
		this.traceUnsampledCalls = traceUnsampledCalls;
	}

	public boolean isObserveUnsampledCalls() {
		return this.observeUnsampledCalls;
	}

	public void setObserveUnsampledCalls(boolean observeUnsampledCalls) {
		this.observeUnsampledCalls = observeUnsampledCalls;
	}

	public boolean isTraceRootsWithoutExporter() {
		return this.traceRootsWithoutExporter;
	}

	public void setTraceRootsWithoutExporter(boolean traceRootsWithoutExporter) {
		this.traceRootsWithoutExporter = traceRootsWithoutExporter;
	}

}

package dev.acp.spring.actuate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

import io.micrometer.observation.Observation;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceId;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.IdGenerator;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import org.jspecify.annotations.Nullable;

import org.springframework.util.function.SingletonSupplier;

import dev.acp.spring.agent.AcpTraceSampler;

/**
 * Decides whether an inbound call's trace is sampled as OpenTelemetry would: from the
 * sampled flag of its W3C {@code traceparent}, else from that of the trace context
 * current on the serving thread (its parent then), or, for a root, by asking the
 * application's {@link Sampler}; a root it samples is then sampled by the tracer too
 * ({@link SampledRootSampler}). A root is not sampled when nothing would receive its span
 * ({@link SpanReceivers}). An unsampled call is served with an unsampled trace context
 * current (the inbound trace, or a new one) in OpenTelemetry's own context. A call that
 * carries any other field the propagator reads ({@code tracestate}, {@code baggage}, B3)
 * is left to the tracing handlers, which keep those.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class OpenTelemetryTraceSampler implements AcpTraceSampler, UnsampledTraceparent {

	private static final String TRACEPARENT = "traceparent";

	private static final Decision SAMPLED = new Sampled();

	private static final IdGenerator IDS = IdGenerator.random();

	/** The trace context the unsampled call served on this thread made current. */
	private static final ThreadLocal<UnsampledTrace> CURRENT = new ThreadLocal<>();

	private final Sampler sampler;

	private final String[] otherFields;

	private final @Nullable UnsampledCallTimers timers;

	private final SingletonSupplier<Boolean> rootsUnsampled;

	/**
	 * Create a sampler.
	 * @param sampler the application's sampler (not the {@link SampledRootSampler})
	 * @param fields the keys the propagator reads
	 * @param timers times unsampled calls without an observation, or {@code null} to
	 * observe them
	 * @param rootSpansGoNowhere whether nothing would receive the span of a root (asked
	 * once, at the first root); roots are not sampled then
	 */
	OpenTelemetryTraceSampler(Sampler sampler, Collection<String> fields, @Nullable UnsampledCallTimers timers,
			BooleanSupplier rootSpansGoNowhere) {
		this.sampler = sampler;
		this.timers = timers;
		this.rootsUnsampled = SingletonSupplier.of(rootSpansGoNowhere::getAsBoolean);
		List<String> others = new ArrayList<>(fields);
		others.remove(TRACEPARENT);
		this.otherFields = others.toArray(String[]::new);
	}

	@Override
	public @Nullable Decision sample(String name, Function<String, @Nullable String> meta) {
		for (String field : this.otherFields) {
			if (meta.apply(field) != null) {
				return null;
			}
		}
		String traceparent = meta.apply(TRACEPARENT);
		if (isValid(traceparent)) {
			boolean sampled = (Character.digit(traceparent.charAt(54), 16) & 1) == 1;
			return sampled ? SAMPLED : new Unsampled(traceparent.substring(3, 35));
		}
		SpanContext current = Span.current().getSpanContext();
		if (current.isValid()) {
			return current.isSampled() ? SAMPLED : new Unsampled(current.getTraceId());
		}
		String traceId = IDS.generateTraceId();
		if (this.rootsUnsampled.obtain()) {
			return new Unsampled(traceId);
		}
		SamplingDecision decision = this.sampler
			.shouldSample(Context.root(), traceId, name, SpanKind.CONSUMER, Attributes.empty(), List.of())
			.getDecision();
		return switch (decision) {
			case RECORD_AND_SAMPLE -> SAMPLED;
			case DROP -> new Unsampled(traceId);
			default -> null;
		};
	}

	@Override
	public @Nullable String current() {
		UnsampledTrace trace = CURRENT.get();
		return (trace != null && Context.current() == trace.context()) ? trace.traceparent() : null;
	}

	/**
	 * Whether a {@code traceparent} is one W3C Trace Context lets us read: version
	 * {@code 00} exactly, or a later version (not {@code ff}) that starts the same way,
	 * with a trace id and a parent id that are not all zeros.
	 */
	static boolean isValid(@Nullable String traceparent) {
		if (traceparent == null || traceparent.length() < 55
				|| (traceparent.length() > 55 && traceparent.charAt(55) != '-')) {
			return false;
		}
		if (traceparent.charAt(2) != '-' || traceparent.charAt(35) != '-' || traceparent.charAt(52) != '-') {
			return false;
		}
		String version = traceparent.substring(0, 2);
		if (!isLowerHex(version) || version.equals("ff") || (version.equals("00") && traceparent.length() != 55)) {
			return false;
		}
		return isLowerHex(traceparent.substring(53, 55)) && TraceId.isValid(traceparent.substring(3, 35))
				&& SpanId.isValid(traceparent.substring(36, 52));
	}

	private static boolean isLowerHex(String value) {
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
				return false;
			}
		}
		return true;
	}

	private static final class Sampled implements Decision {

		@Override
		public boolean sampled() {
			return true;
		}

		@Override
		public void start(Observation observation) {
			SampledRootSampler.sampled(observation::start);
		}

		@Override
		public Observation.Context context() {
			throw new IllegalStateException("A sampled call is observed as usual");
		}

		@Override
		public Scope open() {
			throw new IllegalStateException("A sampled call is observed as usual");
		}

	}

	private final class Unsampled implements Decision {

		private final String traceId;

		Unsampled(String traceId) {
			this.traceId = traceId;
		}

		@Override
		public boolean sampled() {
			return false;
		}

		@Override
		public Observation.Context context() {
			return new UnsampledCallContext();
		}

		@Override
		public @Nullable Timing time(String method, boolean request, String transport) {
			UnsampledCallTimers timers = OpenTelemetryTraceSampler.this.timers;
			return (timers != null) ? timers.start(method, request, transport) : null;
		}

		@Override
		@SuppressWarnings("MustBeClosedChecker") // closed by the Scope it returns
		public Scope open() {
			SpanContext spanContext = SpanContext.create(this.traceId, IDS.generateSpanId(), TraceFlags.getDefault(),
					TraceState.getDefault());
			Context context = Context.current().with(Span.wrap(spanContext));
			io.opentelemetry.context.Scope scope = context.makeCurrent();
			UnsampledTrace previous = CURRENT.get();
			CURRENT.set(new UnsampledTrace(context, spanContext));
			return () -> {
				CURRENT.set(previous);
				scope.close();
			};
		}

	}

	/**
	 * An unsampled call's trace context, and its {@code traceparent} once written.
	 */
	private static final class UnsampledTrace {

		private final Context context;

		private final SpanContext spanContext;

		private @Nullable String traceparent;

		UnsampledTrace(Context context, SpanContext spanContext) {
			this.context = context;
			this.spanContext = spanContext;
		}

		Context context() {
			return this.context;
		}

		String traceparent() {
			String value = this.traceparent;
			if (value == null) {
				value = "00-" + this.spanContext.getTraceId() + "-" + this.spanContext.getSpanId() + "-"
						+ this.spanContext.getTraceFlags().asHex();
				this.traceparent = value;
			}
			return value;
		}

	}

}

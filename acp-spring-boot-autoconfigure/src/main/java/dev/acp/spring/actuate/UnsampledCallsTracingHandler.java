package dev.acp.spring.actuate;

import io.micrometer.observation.Observation;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.TracingObservationHandler;
import org.jspecify.annotations.Nullable;

/**
 * A tracing handler that does not take the observations of unsampled calls
 * ({@link UnsampledCallContext}) and delegates everything else. It stays a
 * {@link TracingObservationHandler}, so Spring Boot groups it with the other tracing
 * handlers.
 *
 * @param <T> the type of context
 * @author ACP Spring Boot Starter contributors
 */
final class UnsampledCallsTracingHandler<T extends Observation.Context> implements TracingObservationHandler<T> {

	private final TracingObservationHandler<T> delegate;

	UnsampledCallsTracingHandler(TracingObservationHandler<T> delegate) {
		this.delegate = delegate;
	}

	TracingObservationHandler<T> delegate() {
		return this.delegate;
	}

	@Override
	public boolean supportsContext(Observation.Context context) {
		return !(context instanceof UnsampledCallContext) && this.delegate.supportsContext(context);
	}

	@Override
	public void onStart(T context) {
		this.delegate.onStart(context);
	}

	@Override
	public void onError(T context) {
		this.delegate.onError(context);
	}

	@Override
	public void onEvent(Observation.Event event, T context) {
		this.delegate.onEvent(event, context);
	}

	@Override
	public void onScopeOpened(T context) {
		this.delegate.onScopeOpened(context);
	}

	@Override
	public void onScopeClosed(T context) {
		this.delegate.onScopeClosed(context);
	}

	@Override
	public void onScopeReset(T context) {
		this.delegate.onScopeReset(context);
	}

	@Override
	public void onStop(T context) {
		this.delegate.onStop(context);
	}

	@Override
	public void tagSpan(T context, Span span) {
		this.delegate.tagSpan(context, span);
	}

	@Override
	public String getSpanName(T context) {
		return this.delegate.getSpanName(context);
	}

	@Override
	public @Nullable Span getParentSpan(Observation.ContextView context) {
		return this.delegate.getParentSpan(context);
	}

	@Override
	public Tracer getTracer() {
		return this.delegate.getTracer();
	}

}

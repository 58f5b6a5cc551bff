package dev.acp.spring.actuate;

import io.micrometer.observation.Observation;
import io.micrometer.tracing.handler.TracingObservationHandler;

/**
 * The context of the observation of a call whose trace is not sampled: the tracing
 * handlers do not take it ({@link UnsampledCallsTracingHandler}). It holds an empty
 * tracing context, so that the handlers that look for one (the meter handler that adds
 * exemplars) find that there is no span.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class UnsampledCallContext extends Observation.Context {

	UnsampledCallContext() {
		put(TracingObservationHandler.TracingContext.class, new TracingObservationHandler.TracingContext());
	}

}

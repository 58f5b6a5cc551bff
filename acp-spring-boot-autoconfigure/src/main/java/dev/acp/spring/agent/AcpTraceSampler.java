package dev.acp.spring.agent;

import java.util.function.Function;

import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * Decides, before the observation of an inbound call starts, whether the call's trace is
 * sampled, so that a call whose span nobody records does not pay for one: its observation
 * still runs (the timer, the filters, the handlers that do not trace) with a context the
 * tracing handlers do not take, and an unsampled trace context is current while it is
 * served. Auto-configured with the OpenTelemetry SDK's sampler unless
 * {@code acp.observations.trace-unsampled-calls} is set.
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface AcpTraceSampler {

	/** Leaves every call to the tracing handlers. */
	AcpTraceSampler NONE = (name, meta) -> null;

	/**
	 * Decide whether the trace of an inbound call is sampled.
	 * @param name the call's name (its method)
	 * @param meta the call's {@code _meta} string values by key ({@code null} when
	 * absent)
	 * @return the decision, or {@code null} to leave it to the tracing handlers
	 */
	@Nullable Decision sample(String name, Function<String, @Nullable String> meta);

	/**
	 * Whether a call's trace is sampled, and what that takes.
	 */
	interface Decision {

		/**
		 * Whether the call's trace is sampled: its observation is then traced as usual.
		 * @return whether sampled
		 */
		boolean sampled();

		/**
		 * Start a sampled call's observation, so that the tracer samples its span too.
		 * @param observation the observation
		 */
		default void start(Observation observation) {
			observation.start();
		}

		/**
		 * The context of an unsampled call's observation: one the tracing handlers do not
		 * take.
		 * @return a new context
		 */
		Observation.Context context();

		/**
		 * Make the unsampled trace context current on this thread while the call is
		 * served, so what the handler does is part of that trace.
		 * @return the scope to close
		 */
		Scope open();

		/**
		 * Start timing an unsampled call directly, without an observation: possible when
		 * nothing but a timer would observe it (no handler, filter, convention or
		 * predicate of the application's own).
		 * @param method the method tag
		 * @param request whether a request (else a notification)
		 * @param transport the transport tag
		 * @return the timing, or {@code null} to observe the call
		 */
		default @Nullable Timing time(String method, boolean request, String transport) {
			return null;
		}

	}

	/**
	 * The timing of a call, until stopped.
	 */
	@FunctionalInterface
	interface Timing {

		/**
		 * Stop timing the call.
		 * @param outcome the outcome tag
		 * @param errorCode the error code tag
		 * @param error the failure an observation would record, or {@code null}
		 */
		void stop(String outcome, String errorCode, @Nullable Throwable error);

	}

	/**
	 * A trace context made current, until closed.
	 */
	@FunctionalInterface
	interface Scope extends AutoCloseable {

		@Override
		void close();

	}

}

package dev.acp.spring.agent.support;

import io.micrometer.observation.Observation;

import dev.acp.spring.agent.AcpTraceSampler;
import org.jspecify.annotations.Nullable;

/**
 * The started observation (or, for an unsampled call nothing else observes, the timing)
 * of an inbound call, and what is current while it is served: the observation, and for a
 * call whose trace is not sampled, its unsampled trace context.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ServedCall {

	private final Observation observation;

	private final AcpTraceSampler.@Nullable Decision unsampled;

	private final @Nullable Timed timed;

	ServedCall(Observation observation, AcpTraceSampler.@Nullable Decision unsampled) {
		this.observation = observation;
		this.unsampled = unsampled;
		this.timed = null;
	}

	/**
	 * A call whose trace is not sampled, timed without an observation.
	 * @param timing the timing
	 * @param unsampled the unsampled trace context
	 */
	ServedCall(AcpTraceSampler.Timing timing, AcpTraceSampler.Decision unsampled) {
		this.observation = Observation.NOOP;
		this.unsampled = null;
		this.timed = new Timed(timing, unsampled);
	}

	/**
	 * Make the call's observation, and its unsampled trace context if any, current on
	 * this thread.
	 * @return the scope to close
	 */
	AcpTraceSampler.Scope open() {
		Timed timed = this.timed;
		if (timed != null) {
			return timed.unsampled().open();
		}
		Observation.Scope scope = this.observation.openScope();
		AcpTraceSampler.Decision unsampled = this.unsampled;
		if (unsampled == null) {
			return scope::close;
		}
		AcpTraceSampler.Scope trace;
		try {
			trace = unsampled.open();
		}
		catch (RuntimeException ex) {
			scope.close();
			throw ex;
		}
		return () -> {
			try {
				trace.close();
			}
			finally {
				scope.close();
			}
		};
	}

	void stop(@Nullable Throwable failure, boolean cancelled) {
		Timed timed = this.timed;
		if (timed != null) {
			AcpObservations.stop(timed.timing(), failure, cancelled);
		}
		else {
			AcpObservations.stop(this.observation, failure, cancelled);
		}
	}

	/**
	 * A call whose trace is not sampled, timed without an observation.
	 */
	private record Timed(AcpTraceSampler.Timing timing, AcpTraceSampler.Decision unsampled) {
	}

}

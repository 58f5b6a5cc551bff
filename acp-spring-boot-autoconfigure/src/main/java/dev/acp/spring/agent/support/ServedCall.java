package dev.acp.spring.agent.support;

import io.micrometer.observation.Observation;

import dev.acp.spring.agent.AcpTraceSampler;

/**
 * The started observation (or, for an unsampled call nothing else observes, the timing)
 * of an inbound call, and what is current while it is served: the observation, and for a
 * call whose trace is not sampled, its unsampled trace context.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ServedCall {

	private final Observation observation;

	private final AcpTraceSampler.Decision unsampled;

	private final AcpTraceSampler.Timing timing;

	ServedCall(Observation observation, AcpTraceSampler.Decision unsampled) {
		this.observation = observation;
		this.unsampled = unsampled;
		this.timing = null;
	}

	/**
	 * A call whose trace is not sampled, timed without an observation.
	 * @param timing the timing
	 * @param unsampled the unsampled trace context
	 */
	ServedCall(AcpTraceSampler.Timing timing, AcpTraceSampler.Decision unsampled) {
		this.observation = null;
		this.unsampled = unsampled;
		this.timing = timing;
	}

	/**
	 * Make the call's observation, and its unsampled trace context if any, current on
	 * this thread.
	 * @return the scope to close
	 */
	AcpTraceSampler.Scope open() {
		if (this.observation == null) {
			return this.unsampled.open();
		}
		Observation.Scope scope = this.observation.openScope();
		if (this.unsampled == null) {
			return scope::close;
		}
		AcpTraceSampler.Scope trace;
		try {
			trace = this.unsampled.open();
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

	void stop(Throwable failure, boolean cancelled) {
		if (this.observation != null) {
			AcpObservations.stop(this.observation, failure, cancelled);
		}
		else {
			AcpObservations.stop(this.timing, failure, cancelled);
		}
	}

}

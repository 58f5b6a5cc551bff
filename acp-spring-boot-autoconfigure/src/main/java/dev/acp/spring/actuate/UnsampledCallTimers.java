package dev.acp.spring.actuate;

import java.util.function.BooleanSupplier;

import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.util.function.SingletonSupplier;

import dev.acp.spring.agent.AcpTraceSampler;
import dev.acp.spring.agent.support.AcpObservations;

/**
 * Times the calls whose trace is not sampled without an observation, when the application
 * has nothing that would observe them but Boot's meter and tracing handlers (the tracing
 * handlers skip them anyway): the same {@code acp.server.requests} timer, with the same
 * tags, as Boot's meter handler would record from their observation, and the
 * {@code .active} long-task timer unless it is ignored, each found in a map. Calls are
 * observed as before when anything else would see their observation (a handler, filter,
 * predicate or convention of the application's own, or
 * {@code management.observations.key-values}), and nothing is timed when
 * {@code management.observations.enable.acp} turns their observation off.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class UnsampledCallTimers {

	private static final String NO_ERROR = "none";

	private final MeterRegistry meters;

	private final boolean longTaskTimers;

	private final CachedMeters<TimerKey, Timer> timers;

	private final CachedMeters<ActiveKey, LongTaskTimer> activeTimers;

	private final SingletonSupplier<Boolean> enabled;

	/**
	 * Create the timers.
	 * @param meters the meter registry
	 * @param observations the observation registry, whose predicates may turn the
	 * observation of calls off
	 * @param longTaskTimers whether to time calls in flight with a long-task timer
	 * @param onlyTimersObserve whether nothing but timers would observe an unsampled call
	 * (asked once, at the first call); when not, unsampled calls are observed
	 */
	UnsampledCallTimers(MeterRegistry meters, ObservationRegistry observations, boolean longTaskTimers,
			BooleanSupplier onlyTimersObserve) {
		this.meters = meters;
		this.longTaskTimers = longTaskTimers;
		this.enabled = SingletonSupplier.of(() -> onlyTimersObserve.getAsBoolean()
				&& !Observation.createNotStarted(AcpObservations.SERVER_REQUESTS, observations).isNoop());
		this.timers = new CachedMeters<>(meters);
		this.activeTimers = new CachedMeters<>(meters);
	}

	/**
	 * Start timing a call.
	 * @param method the method tag
	 * @param request whether a request
	 * @param transport the transport tag
	 * @return the timing, or {@code null} when the call must be observed (something other
	 * than a timer observes it) or its observation is turned off
	 */
	AcpTraceSampler.@Nullable Timing start(String method, boolean request, String transport) {
		if (!this.enabled.obtain()) {
			return null;
		}
		String kind = request ? "request" : "notification";
		LongTaskTimer.Sample active = null;
		if (this.longTaskTimers) {
			ActiveKey key = new ActiveKey(method, kind, transport);
			LongTaskTimer timer = this.activeTimers.get(key);
			if (timer == null) {
				timer = this.activeTimers.keep(key,
						LongTaskTimer.builder(AcpObservations.SERVER_REQUESTS + ".active")
							.tags(Tags.of("kind", kind, "method", method, "transport", transport))
							.register(this.meters));
			}
			active = timer.start();
		}
		Timer.Sample sample = Timer.start(this.meters);
		LongTaskTimer.Sample started = active;
		return (outcome, code, error) -> {
			String errorTag = (error != null) ? error.getClass().getSimpleName() : NO_ERROR;
			TimerKey key = new TimerKey(method, kind, transport, outcome, code, errorTag);
			Timer timer = this.timers.get(key);
			if (timer == null) {
				timer = this.timers.keep(key,
						Timer.builder(AcpObservations.SERVER_REQUESTS)
							.tags(Tags.of("error", errorTag, "error.code", code, "kind", kind, "method", method,
									"outcome", outcome, "transport", transport))
							.register(this.meters));
			}
			sample.stop(timer);
			if (started != null) {
				started.stop();
			}
		};
	}

	private record TimerKey(String method, String kind, String transport, String outcome, String code, String error) {
	}

	private record ActiveKey(String method, String kind, String transport) {
	}

}

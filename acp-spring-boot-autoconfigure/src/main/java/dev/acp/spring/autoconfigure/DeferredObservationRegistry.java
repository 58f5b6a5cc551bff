package dev.acp.spring.autoconfigure;

import java.util.function.Supplier;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;

/**
 * An {@link ObservationRegistry} that stands for the application's until that one exists,
 * so that the agent can answer {@code initialize} before the observability stack (meters,
 * tracing) is created. The first use that needs the real registry creates it (or waits
 * for the background thread creating it), except while the current thread serves an
 * {@code initialize} that arrived before it existed: that call is not observed.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DeferredObservationRegistry implements ObservationRegistry {

	private static final ThreadLocal<Boolean> servingInitialize = new ThreadLocal<>();

	private final Supplier<ObservationRegistry> resolver;

	private volatile ObservationRegistry delegate;

	DeferredObservationRegistry(Supplier<ObservationRegistry> resolver) {
		this.resolver = resolver;
	}

	/**
	 * The application's registry, created on the first call.
	 * @return the registry
	 */
	ObservationRegistry resolve() {
		ObservationRegistry registry = this.delegate;
		if (registry != null) {
			return registry;
		}
		synchronized (this) {
			if (this.delegate == null) {
				ObservationRegistry resolved = this.resolver.get();
				this.delegate = (resolved != null) ? resolved : ObservationRegistry.NOOP;
			}
			return this.delegate;
		}
	}

	boolean isResolved() {
		return this.delegate != null;
	}

	/**
	 * Run a task that serves {@code initialize}: while it runs, this registry does not
	 * wait for the application's.
	 * @param <T> the task's result
	 * @param task the task
	 * @return the task's result
	 */
	static <T> T servingInitialize(Supplier<T> task) {
		servingInitialize.set(Boolean.TRUE);
		try {
			return task.get();
		}
		finally {
			servingInitialize.remove();
		}
	}

	@Override
	public boolean isNoop() {
		ObservationRegistry registry = this.delegate;
		if (registry == null && servingInitialize.get() != null) {
			return true;
		}
		return resolve().isNoop();
	}

	@Override
	public Observation getCurrentObservation() {
		ObservationRegistry registry = this.delegate;
		return (registry != null) ? registry.getCurrentObservation() : null;
	}

	@Override
	public Observation.Scope getCurrentObservationScope() {
		ObservationRegistry registry = this.delegate;
		return (registry != null) ? registry.getCurrentObservationScope() : null;
	}

	@Override
	public void setCurrentObservationScope(Observation.Scope current) {
		resolve().setCurrentObservationScope(current);
	}

	@Override
	public ObservationConfig observationConfig() {
		return resolve().observationConfig();
	}

}

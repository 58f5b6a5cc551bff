package dev.acp.spring.actuate;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;

/**
 * Meters of one kind found by a key of their own instead of by building their name and
 * tags into an id on every call. At most {@value #MAX_CACHED} are kept, a guard against
 * keys that keep varying; a meter removed from the registry is forgotten and registered
 * again at its next use.
 *
 * @param <K> the key
 * @param <M> the kind of meter
 * @author ACP Spring Boot Starter contributors
 */
final class CachedMeters<K, M extends Meter> {

	private static final int MAX_CACHED = 2048;

	private final Map<K, M> meters = new ConcurrentHashMap<>();

	CachedMeters(MeterRegistry registry) {
		registry.config().onMeterRemoved(this.meters.values()::remove);
	}

	/**
	 * The meter of a key.
	 * @param key the key
	 * @return the meter, or {@code null} when it was never kept
	 */
	@Nullable M get(K key) {
		return this.meters.get(key);
	}

	/**
	 * Keep the meter of a key, unless as many are kept as may be.
	 * @param key the key
	 * @param meter the meter, registered
	 * @return the meter
	 */
	M keep(K key, M meter) {
		if (this.meters.size() < MAX_CACHED) {
			this.meters.put(key, meter);
		}
		return meter;
	}

}

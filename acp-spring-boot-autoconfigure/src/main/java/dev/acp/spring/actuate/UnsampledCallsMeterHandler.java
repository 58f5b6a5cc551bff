package dev.acp.spring.actuate;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import io.micrometer.common.KeyValue;
import io.micrometer.common.KeyValues;
import io.micrometer.core.instrument.LongTaskTimer;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.MeterObservationHandler;
import io.micrometer.observation.Observation;
import org.jspecify.annotations.Nullable;

/**
 * Times the calls whose trace is not sampled ({@link UnsampledCallContext}) with the
 * meters Micrometer's default meter handler would make (a timer named after the
 * observation, tagged with its low-cardinality key values and {@code error}, and unless
 * ignored a long-task timer {@code <name>.active}), but finds each meter in a map keyed
 * by those key values instead of building its tags and id on every call. A meter removed
 * from the registry is looked up again.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class UnsampledCallsMeterHandler implements MeterObservationHandler<Observation.Context> {

	private static final String NO_ERROR = "none";

	private final MeterRegistry registry;

	private final boolean longTaskTimers;

	private final CachedMeters<Key, Timer> timers;

	private final CachedMeters<Key, LongTaskTimer> activeTimers;

	/**
	 * Create a handler.
	 * @param registry the registry
	 * @param longTaskTimers whether to time calls in flight with a long-task timer
	 */
	UnsampledCallsMeterHandler(MeterRegistry registry, boolean longTaskTimers) {
		this.registry = registry;
		this.longTaskTimers = longTaskTimers;
		this.timers = new CachedMeters<>(registry);
		this.activeTimers = new CachedMeters<>(registry);
	}

	@Override
	public boolean supportsContext(Observation.Context context) {
		return context instanceof UnsampledCallContext;
	}

	@Override
	public void onStart(Observation.Context context) {
		if (this.longTaskTimers) {
			String name = context.getName() + ".active";
			LongTaskTimer active = meter(this.activeTimers, new Key(name, context.getLowCardinalityKeyValues(), null),
					(key) -> LongTaskTimer.builder(name).tags(tags(key)).register(this.registry));
			context.put(LongTaskTimer.Sample.class, active.start());
		}
		context.put(Timer.Sample.class, Timer.start(this.registry));
	}

	@Override
	public void onStop(Observation.Context context) {
		Throwable error = context.getError();
		Key key = new Key(name(context), context.getLowCardinalityKeyValues(),
				(error != null) ? error.getClass().getSimpleName() : NO_ERROR);
		Timer timer = meter(this.timers, key,
				(missing) -> Timer.builder(missing.name()).tags(tags(missing)).register(this.registry));
		Timer.Sample sample = context.getRequired(Timer.Sample.class);
		sample.stop(timer);
		if (this.longTaskTimers) {
			LongTaskTimer.Sample active = context.getRequired(LongTaskTimer.Sample.class);
			active.stop();
		}
	}

	@Override
	public void onEvent(Observation.Event event, Observation.Context context) {
		String name = context.getName() + "." + event.getName();
		this.registry.counter(name, tags(new Key(name, context.getLowCardinalityKeyValues(), null))).increment();
	}

	private static <M extends Meter> M meter(CachedMeters<Key, M> meters, Key key, Function<Key, M> register) {
		M meter = meters.get(key);
		return (meter != null) ? meter : meters.keep(key, register.apply(key));
	}

	/**
	 * The name of an unsampled call's observation, which is always created with one
	 * ({@code AcpObservations.serve}).
	 */
	private static String name(Observation.Context context) {
		String name = context.getName();
		if (name == null) {
			throw new IllegalStateException("The observation of an unsampled call has no name");
		}
		return name;
	}

	private static Tags tags(Key key) {
		List<Tag> tags = new ArrayList<>();
		for (KeyValue keyValue : key.keyValues()) {
			tags.add(Tag.of(keyValue.getKey(), keyValue.getValue()));
		}
		String error = key.error();
		if (error != null) {
			tags.add(Tag.of("error", error));
		}
		return Tags.of(tags);
	}

	private record Key(String name, KeyValues keyValues, @Nullable String error) {
	}

}

package dev.acp.spring.autoconfigure;

import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link StdioDeferredObservability} and {@link DeferredObservationRegistry}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class StdioDeferredObservabilityTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class, MetricsAutoConfiguration.class,
				SimpleMetricsExportAutoConfiguration.class))
		.withBean(StdioDeferredObservability.class, StdioDeferredObservability::new);

	@Test
	void observabilitySingletonsAreNotCreatedByTheRefreshButByTheDeferredCreation() {
		this.contextRunner.run((context) -> {
			StdioDeferredObservability deferred = context.getBean(StdioDeferredObservability.class);
			assertThat(deferred.deferredBeanNames()).contains("observationRegistry", "simpleMeterRegistry");
			assertThat(context.getBeanFactory().containsSingleton("observationRegistry")).isFalse();
			assertThat(context.getBeanFactory().containsSingleton("simpleMeterRegistry")).isFalse();
			deferred.createDeferred();
			assertThat(context.getBeanFactory().containsSingleton("observationRegistry")).isTrue();
			assertThat(context.getBeanFactory().containsSingleton("simpleMeterRegistry")).isTrue();
			assertThat(deferred.registry().observationConfig())
				.isSameAs(context.getBean(ObservationRegistry.class).observationConfig());
		});
	}

	@Test
	void theDeferredRegistryObservesWithTheApplicationsHandlersOnceCreated() {
		this.contextRunner.run((context) -> {
			ObservationRegistry registry = context.getBean(StdioDeferredObservability.class).registry();
			assertThat(registry.isNoop()).isFalse();
			io.micrometer.observation.Observation.createNotStarted("acp.test", registry).observe(() -> {
			});
			assertThat(context.getBean(MeterRegistry.class).find("acp.test").timer()).isNotNull();
		});
	}

	@Test
	void initializeIsServedWithoutCreatingTheRegistryAndLaterCallsCreateItOnce() {
		AtomicInteger created = new AtomicInteger();
		ObservationRegistry real = ObservationRegistry.create();
		real.observationConfig().observationHandler(new ObservationHandler<>() {
			@Override
			public boolean supportsContext(io.micrometer.observation.Observation.Context context) {
				return true;
			}
		});
		DeferredObservationRegistry registry = new DeferredObservationRegistry(() -> {
			created.incrementAndGet();
			return real;
		});
		assertThat(DeferredObservationRegistry.servingInitialize(registry::isNoop)).isTrue();
		assertThat(registry.getCurrentObservation()).isNull();
		assertThat(created).hasValue(0);
		assertThat(registry.isNoop()).isFalse();
		assertThat(DeferredObservationRegistry.servingInitialize(registry::isNoop)).isFalse();
		assertThat(registry.observationConfig()).isSameAs(real.observationConfig());
		assertThat(created).hasValue(1);
	}

	@Test
	void withoutAnApplicationRegistryTheDeferredOneIsNoop() {
		assertThat(new DeferredObservationRegistry(() -> null).isNoop()).isTrue();
	}

}

package dev.acp.spring.actuate;

import io.micrometer.tracing.TraceContext;
import io.micrometer.tracing.Tracer;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Scope;

import dev.acp.spring.agent.AcpTraceSampler;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link OpenTelemetryTraceSampler}: which calls it samples, and the unsampled
 * trace context it makes current.
 *
 * @author ACP Spring Boot Starter contributors
 */
class OpenTelemetryTraceSamplerTests {

	private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private static final String SPAN_ID = "00f067aa0ba902b7";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpActuatorAutoConfiguration.class, ObservationAutoConfiguration.class,
				OpenTelemetrySdkAutoConfiguration.class, MicrometerTracingAutoConfiguration.class,
				OpenTelemetryTracingAutoConfiguration.class))
		.withPropertyValues("acp.transport=none");

	@Test
	void aCallWithoutTraceParentServedWithinATraceIsPartOfItsSampledOrNot() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			AcpTraceSampler sampler = context.getBean(AcpTraceSampler.class);
			Tracer tracer = context.getBean(Tracer.class);
			try (Scope current = current(TraceFlags.getSampled())) {
				assertThat(sampler.sample("m", (key) -> null).sampled()).isTrue();
			}
			try (Scope current = current(TraceFlags.getDefault())) {
				AcpTraceSampler.Decision decision = sampler.sample("m", (key) -> null);
				assertThat(decision.sampled()).isFalse();
				try (AcpTraceSampler.Scope scope = decision.open()) {
					TraceContext served = tracer.currentTraceContext().context();
					assertThat(served.traceId()).isEqualTo(TRACE_ID);
					assertThat(served.spanId()).isNotEqualTo(SPAN_ID);
					assertThat(served.sampled()).isFalse();
				}
				assertThat(tracer.currentTraceContext().context().spanId()).isEqualTo(SPAN_ID);
			}
		});
	}

	@Test
	void aCallCarryingMoreThanATraceParentIsLeftToTheTracingHandlers() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			AcpTraceSampler sampler = context.getBean(AcpTraceSampler.class);
			assertThat(sampler.sample("m", (key) -> key.equals("baggage") ? "k=v" : null)).isNull();
			assertThat(sampler.sample("m", (key) -> key.equals("tracestate") ? "a=b" : null)).isNull();
			assertThat(sampler.sample("m", (key) -> null)).isNotNull();
		});
	}

	@Test
	void onlyAWellFormedTraceParentIsRead() {
		assertThat(OpenTelemetryTraceSampler.isValid("00-" + TRACE_ID + "-" + SPAN_ID + "-01")).isTrue();
		assertThat(OpenTelemetryTraceSampler.isValid("01-" + TRACE_ID + "-" + SPAN_ID + "-01-later")).isTrue();
		assertThat(OpenTelemetryTraceSampler.isValid("00-" + TRACE_ID + "-" + SPAN_ID + "-01-later")).isFalse();
		assertThat(OpenTelemetryTraceSampler.isValid("ff-" + TRACE_ID + "-" + SPAN_ID + "-01")).isFalse();
		assertThat(OpenTelemetryTraceSampler.isValid("00-" + TRACE_ID.toUpperCase() + "-" + SPAN_ID + "-01")).isFalse();
		assertThat(OpenTelemetryTraceSampler.isValid("00-00000000000000000000000000000000-" + SPAN_ID + "-01"))
			.isFalse();
		assertThat(OpenTelemetryTraceSampler.isValid("00-" + TRACE_ID + "-0000000000000000-01")).isFalse();
		assertThat(OpenTelemetryTraceSampler.isValid("00-" + TRACE_ID + "-" + SPAN_ID + "-0g")).isFalse();
		assertThat(OpenTelemetryTraceSampler.isValid("00-" + TRACE_ID + "_" + SPAN_ID + "-01")).isFalse();
		assertThat(OpenTelemetryTraceSampler.isValid(null)).isFalse();
	}

	private static Scope current(TraceFlags flags) {
		return Span.wrap(SpanContext.create(TRACE_ID, SPAN_ID, flags, TraceState.getDefault())).makeCurrent();
	}

}

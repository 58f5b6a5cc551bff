package dev.acp.spring.actuate;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.TracingObservationHandler;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.samplers.Sampler;

import dev.acp.spring.agent.AcpTraceSampler;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.agent.TestPeer;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpRequestContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationRegistryCustomizer;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for the sampling of inbound calls before their observations start: a call whose
 * trace is not sampled is timed as before but gets no span, the tracing handlers never
 * see it, and what its handler sends carries its unsampled trace context.
 *
 * @author ACP Spring Boot Starter contributors
 */
class TraceSamplingTests {

	private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private static final String PARENT_ID = "00f067aa0ba902b7";

	private static final String PING = "_ops.test/ping";

	/**
	 * An application whose spans nothing receives (no exporter, reporter or processor).
	 */
	private final ApplicationContextRunner spansGoNowhereRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpActuatorAutoConfiguration.class, ObservationAutoConfiguration.class, MetricsAutoConfiguration.class,
				CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class,
				OpenTelemetrySdkAutoConfiguration.class, MicrometerTracingAutoConfiguration.class,
				OpenTelemetryTracingAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "management.metrics.export.simple.enabled=true")
		.withUserConfiguration(AcpActuatorAutoConfigurationTests.HandlersConfiguration.class);

	private final ApplicationContextRunner contextRunner = this.spansGoNowhereRunner
		.withUserConfiguration(AcpActuatorAutoConfigurationTests.SpanExporterConfiguration.class);

	@Test
	void anUnsampledCallIsTimedWithTheSameTagsAsATracedOneAndExportsNoSpan() {
		List<Tag> traced = new CopyOnWriteArrayList<>();
		this.contextRunner
			.withPropertyValues("management.tracing.sampling.probability=0",
					"acp.observations.trace-unsampled-calls=true")
			.run((context) -> traced.addAll(pingTimerTags(context)));
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			assertThat(context.getBean(AcpTraceSampler.class)).isInstanceOf(OpenTelemetryTraceSampler.class);
			assertThat(pingTimerTags(context)).isEqualTo(traced).contains(Tag.of("outcome", "success"));
			assertThat(spans(context)).isEmpty();
		});
	}

	@Test
	void anUnsampledCallThatFailsIsTimedWithTheSameTagsAsATracedOne() {
		List<Tag> traced = new CopyOnWriteArrayList<>();
		this.contextRunner
			.withPropertyValues("management.tracing.sampling.probability=0",
					"acp.observations.trace-unsampled-calls=true")
			.run((context) -> traced.addAll(failingPingTimerTags(context)));
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0")
			.run((context) -> assertThat(failingPingTimerTags(context)).isEqualTo(traced)
				.contains(Tag.of("outcome", "error"), Tag.of("error.code", "-32603")));
	}

	@Test
	void unsampledCallsAreTimedByTheStartersMeterHandlerOnOneTimerPerTagSet() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			assertThat(context).hasSingleBean(UnsampledCallsMeterHandler.class);
			TestPeer peer = initialized(context, "{}");
			for (int i = 0; i < 3; i++) {
				peer.call(PING, "{}");
			}
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.get("acp.server.requests").tag("method", PING).timers()).singleElement()
				.satisfies((timer) -> assertThat(timer.count()).isEqualTo(3));
		});
	}

	@Test
	void aTimerRemovedFromTheRegistryIsRegisteredAgainByTheNextUnsampledCall() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			TestPeer peer = initialized(context, "{}");
			peer.call(PING, "{}");
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			meters.remove(meters.get("acp.server.requests").tag("method", PING).timer());
			peer.call(PING, "{}");
			assertThat(meters.get("acp.server.requests").tag("method", PING).timer().count()).isOne();
		});
	}

	@Test
	void unsampledCallsInFlightHaveALongTaskTimerUnlessItIsIgnored() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			pingOnce(context);
			assertThat(context.getBean(MeterRegistry.class)
				.find("acp.server.requests.active")
				.tag("method", PING)
				.longTaskTimer()).isNotNull();
		});
		this.contextRunner
			.withPropertyValues("management.tracing.sampling.probability=0",
					"management.metrics.observations.ignored-meters=long-task-timer")
			.run((context) -> {
				pingOnce(context);
				assertThat(context.getBean(MeterRegistry.class).find("acp.server.requests.active").meters()).isEmpty();
			});
	}

	@Test
	void anUnsampledCallOnlyTimersWouldObserveIsTimedWithoutAnObservation() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0")
			.withUserConfiguration(RegistryHandlerConfiguration.class)
			.run((context) -> {
				assertThat(pingTimerTags(context)).contains(Tag.of("outcome", "success"));
				assertThat(context.getBean(Recorded.class).started).isEmpty();
			});
	}

	@Test
	void observingUnsampledCallsGivesThemAnObservationAgain() {
		this.contextRunner
			.withPropertyValues("management.tracing.sampling.probability=0",
					"acp.observations.observe-unsampled-calls=true")
			.withUserConfiguration(RegistryHandlerConfiguration.class)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(UnsampledCallTimers.class);
				assertThat(pingTimerTags(context)).contains(Tag.of("outcome", "success"));
				assertThat(context.getBean(Recorded.class).started).containsExactly("initialize", PING);
			});
	}

	@Test
	void anApplicationsOwnObservationHandlerSeesUnsampledCalls() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0")
			.withUserConfiguration(RecordingHandlerBeanConfiguration.class)
			.run((context) -> {
				assertThat(pingTimerTags(context)).contains(Tag.of("outcome", "success"));
				assertThat(context.getBean(Recorded.class).started).containsExactly("initialize", PING);
			});
	}

	@Test
	void commonKeyValuesReachTheTimerOfAnUnsampledCall() {
		this.contextRunner
			.withPropertyValues("management.tracing.sampling.probability=0",
					"management.observations.key-values.region=eu")
			.run((context) -> assertThat(pingTimerTags(context)).contains(Tag.of("region", "eu"),
					Tag.of("outcome", "success")));
	}

	@Test
	void anUnsampledCallWhoseObservationIsDisabledIsNotTimed() {
		this.contextRunner
			.withPropertyValues("management.tracing.sampling.probability=0", "management.observations.enable.acp=false")
			.run((context) -> {
				pingOnce(context);
				assertThat(context.getBean(MeterRegistry.class).find("acp.server.requests").meters()).isEmpty();
			});
	}

	@Test
	void theTracingHandlersDoNotSeeAnUnsampledCall() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0")
			.withUserConfiguration(RecordingHandlerConfiguration.class)
			.run((context) -> {
				pingOnce(context);
				assertThat(context.getBean(Recorded.class).started).isEmpty();
			});
	}

	@Test
	void tracingUnsampledCallsRestoresTheTracingHandlersOnEveryCall() {
		this.contextRunner
			.withPropertyValues("management.tracing.sampling.probability=0",
					"acp.observations.trace-unsampled-calls=true")
			.withUserConfiguration(RecordingHandlerConfiguration.class)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(AcpTraceSampler.class);
				assertThat(context.getBean(Sampler.class)).isNotInstanceOf(SampledRootSampler.class);
				pingOnce(context);
				assertThat(context.getBean(Recorded.class).started).containsExactly("initialize", PING);
			});
	}

	@Test
	void sampledRootCallsGetASpanEachOfTheKindTheyHadBefore() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=1.0").run((context) -> {
			TestPeer peer = initialized(context, "{}");
			peer.call(PING, "{}");
			peer.call(PING, "{}");
			List<SpanData> spans = spans(context);
			assertThat(spans).extracting(SpanData::getName).containsExactly("initialize", PING, PING);
			assertThat(spans).extracting(SpanData::getKind).containsOnly(SpanKind.CONSUMER);
			assertThat(spans).extracting(SpanData::getTraceId).doesNotHaveDuplicates();
			assertThat(spans).allSatisfy((span) -> assertThat(span.getParentSpanContext().isValid()).isFalse());
		});
	}

	@Test
	void aSampledTraceParentGetsAChildSpanWhateverTheProbability() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			TestPeer peer = initialized(context, "{}");
			peer.call(PING, "{\"_meta\":{\"traceparent\":\"00-" + TRACE_ID + "-" + PARENT_ID + "-01\"}}");
			List<SpanData> spans = spans(context);
			assertThat(spans).singleElement().satisfies((span) -> {
				assertThat(span.getName()).isEqualTo(PING);
				assertThat(span.getKind()).isEqualTo(SpanKind.CONSUMER);
				assertThat(span.getTraceId()).isEqualTo(TRACE_ID);
				assertThat(span.getParentSpanId()).isEqualTo(PARENT_ID);
			});
		});
	}

	@Test
	void anUnsampledTraceParentGetsNoSpanAndWhatTheHandlerSendsStaysInItsTraceUnsampled() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=1.0").run((context) -> {
			TestPeer peer = initialized(context, "{\"_meta\":{\"client.test\":{}}}");
			List<String> sent = callingTheClient(peer,
					"{\"traceparent\":\"00-" + TRACE_ID + "-" + PARENT_ID + "-00\"},");
			assertThat(sent).hasSize(3).allSatisfy((traceparent) -> {
				assertThat(traceparent).startsWith("00-" + TRACE_ID + "-").endsWith("-00");
				assertThat(traceparent).doesNotContain(PARENT_ID);
			});
			assertThat(spans(context)).extracting(SpanData::getName).containsExactly("initialize");
		});
	}

	@Test
	void anUnsampledRootStartsAnUnsampledTraceThatWhatTheHandlerSendsContinues() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			TestPeer peer = initialized(context, "{\"_meta\":{\"client.test\":{}}}");
			List<String> sent = callingTheClient(peer, "");
			assertOneUnsampledTrace(sent);
			assertThat(spans(context)).isEmpty();
		});
	}

	@Test
	void withNothingToReceiveItsSpanARootCallIsNotSampledAndWhatItSendsCarriesItsTraceUnsampled() {
		this.spansGoNowhereRunner.withPropertyValues("management.tracing.sampling.probability=1.0").run((context) -> {
			TestPeer peer = initialized(context, "{\"_meta\":{\"client.test\":{}}}");
			List<String> sent = callingTheClient(peer, "");
			assertOneUnsampledTrace(sent);
		});
	}

	@Test
	void withNothingToReceiveItsSpanACallInASampledTraceOfTheClientStaysSampled() {
		this.spansGoNowhereRunner.withPropertyValues("management.tracing.sampling.probability=0").run((context) -> {
			TestPeer peer = initialized(context, "{\"_meta\":{\"client.test\":{}}}");
			List<String> sent = callingTheClient(peer,
					"{\"traceparent\":\"00-" + TRACE_ID + "-" + PARENT_ID + "-01\"},");
			assertThat(sent)
				.allSatisfy((traceparent) -> assertThat(traceparent).startsWith("00-" + TRACE_ID).endsWith("-01"));
		});
	}

	@Test
	void anApplicationsSpanProcessorOrTheTraceRootsPropertyKeepsRootCallsSampled() {
		this.spansGoNowhereRunner.withPropertyValues("management.tracing.sampling.probability=1.0")
			.withBean("applicationSpanProcessor", SpanProcessor.class, () -> new SpanProcessor() {

				@Override
				public void onStart(Context parentContext, ReadWriteSpan span) {
				}

				@Override
				public boolean isStartRequired() {
					return true;
				}

				@Override
				public void onEnd(ReadableSpan span) {
				}

				@Override
				public boolean isEndRequired() {
					return false;
				}

			})
			.run((context) -> assertThat(rootCallIsSampled(context)).isTrue());
		this.spansGoNowhereRunner
			.withPropertyValues("management.tracing.sampling.probability=1.0",
					"acp.observations.trace-roots-without-exporter=true")
			.run((context) -> assertThat(rootCallIsSampled(context)).isTrue());
	}

	@Test
	void anUpdateSentInAContextTheHandlerMadeCurrentCarriesThatContext() {
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=0")
			.withBean(ChildContextHandler.class)
			.run((context) -> {
				TestPeer peer = initialized(context, "{}");
				peer.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"_ops.test/child\",\"params\":{}}");
				String own = peer.next().at("/params/_meta/traceparent").asString();
				String child = peer.next().at("/params/_meta/traceparent").asString();
				assertThat(peer.next().get("id").asInt()).isEqualTo(9);
				assertThat(own).endsWith("-00").doesNotContain(ChildContextHandler.SPAN_ID);
				assertThat(child).isEqualTo("00-" + own.substring(3, 35) + "-" + ChildContextHandler.SPAN_ID + "-00");
			});
	}

	@Test
	void aCallWhoseObservationIsDisabledHasNoTraceContextMadeCurrent() {
		this.contextRunner
			.withPropertyValues("management.tracing.sampling.probability=0", "management.observations.enable.acp=false")
			.run((context) -> {
				TestPeer peer = initialized(context, "{\"_meta\":{\"client.test\":{}}}");
				assertThat(callingTheClient(peer, "")).containsOnly("");
			});
	}

	@Test
	void rootsAreSampledAtTheConfiguredRateNotItsSquare() {
		int calls = 2000;
		double probability = 0.5;
		this.contextRunner.withPropertyValues("management.tracing.sampling.probability=" + probability)
			.run((context) -> {
				TestPeer peer = initialized(context, "{}");
				for (int i = 0; i < calls; i++) {
					assertThat(peer.call(PING, "{}").has("result")).isTrue();
				}
				long sampled = spans(context).stream().filter((span) -> span.getName().equals(PING)).count();
				double sigma = Math.sqrt(calls * probability * (1 - probability));
				assertThat((double) sampled).isBetween(calls * probability - 6 * sigma,
						calls * probability + 6 * sigma);
			});
	}

	/**
	 * Serve a ping that calls the client, and collect the traceparent of the request it
	 * makes, of the update it streams and of the notification it sends.
	 */
	private static List<String> callingTheClient(TestPeer peer, String meta) throws InterruptedException {
		String metaField = meta.isEmpty() ? "" : "\"_meta\":" + meta.substring(0, meta.length() - 1) + ",";
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"" + PING + "\",\"params\":{" + metaField
				+ "\"call\":true}}");
		JsonNode outbound = peer.next();
		assertThat(outbound.get("method").asString()).isEqualTo("_client.test/hello");
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + outbound.get("id") + ",\"result\":{}}");
		JsonNode update = peer.next();
		peer.next();
		JsonNode event = peer.next();
		assertThat(peer.next().get("id").asInt()).isEqualTo(7);
		return List.of(outbound.at("/params/_meta/traceparent").asString(),
				update.at("/params/_meta/traceparent").asString(), event.at("/params/_meta/traceparent").asString());
	}

	private static void pingOnce(AssertableApplicationContext context) throws InterruptedException {
		initialized(context, "{}").call(PING, "{}");
	}

	private static List<Tag> pingTimerTags(AssertableApplicationContext context) throws InterruptedException {
		pingOnce(context);
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		return meters.get("acp.server.requests").tag("method", PING).timer().getId().getTags();
	}

	/** The traceparents are valid, unsampled, and of one trace. */
	private static void assertOneUnsampledTrace(List<String> traceparents) {
		assertThat(traceparents).hasSize(3).allSatisfy((traceparent) -> {
			assertThat(OpenTelemetryTraceSampler.isValid(traceparent)).isTrue();
			assertThat(traceparent).endsWith("-00");
		});
		assertThat(traceparents).extracting((traceparent) -> traceparent.substring(3, 35))
			.containsOnly(traceparents.get(0).substring(3, 35));
	}

	/** Whether the request a root call makes to the client says its trace is sampled. */
	private static boolean rootCallIsSampled(AssertableApplicationContext context) throws InterruptedException {
		TestPeer peer = initialized(context, "{\"_meta\":{\"client.test\":{}}}");
		String traceparent = callingTheClient(peer, "").get(0);
		return (Character.digit(traceparent.charAt(54), 16) & 1) == 1;
	}

	private static List<Tag> failingPingTimerTags(AssertableApplicationContext context) throws InterruptedException {
		TestPeer peer = initialized(context, "{}");
		assertThat(peer.call(PING, "{\"fail\":true}").at("/error/code").asInt()).isEqualTo(-32603);
		MeterRegistry meters = context.getBean(MeterRegistry.class);
		return meters.get("acp.server.requests").tag("method", PING).timer().getId().getTags();
	}

	private static TestPeer initialized(AssertableApplicationContext context, String clientCapabilities)
			throws InterruptedException {
		TestPeer peer = new TestPeer(context);
		peer.initialize(clientCapabilities);
		return peer;
	}

	private static List<SpanData> spans(AssertableApplicationContext context) {
		context.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
		return context.getBean(InMemorySpanExporter.class).getFinishedSpanItems();
	}

	/**
	 * Sends an update in the call's own trace context, then one in a context of its own
	 * made current over it.
	 */
	static class ChildContextHandler {

		static final String SPAN_ID = "1111111111111111";

		@AcpMethod("_ops.test/child")
		Map<String, Object> child(AcpRequestContext context) {
			context.client().agentMessageChunk("s1", "own");
			SpanContext child = SpanContext.create(Span.current().getSpanContext().getTraceId(), SPAN_ID,
					TraceFlags.getDefault(), TraceState.getDefault());
			try (Scope scope = Context.current().with(Span.wrap(child)).makeCurrent()) {
				context.client().agentMessageChunk("s1", "child");
			}
			return Map.of();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class RecordingHandlerConfiguration {

		@Bean
		Recorded recorded() {
			return new Recorded();
		}

		@Bean
		@Order(0)
		RecordingTracingHandler recordingTracingHandler(Tracer tracer, Recorded recorded) {
			return new RecordingTracingHandler(tracer, recorded);
		}

	}

	/**
	 * A handler added to the registry directly, that records every observation started.
	 */
	@Configuration(proxyBeanMethods = false)
	static class RegistryHandlerConfiguration {

		@Bean
		Recorded recorded() {
			return new Recorded();
		}

		@Bean
		ObservationRegistryCustomizer<ObservationRegistry> recordingCustomizer(Recorded recorded) {
			return (registry) -> registry.observationConfig().observationHandler(new RecordingHandler(recorded));
		}

	}

	/**
	 * A handler of the application's own, a bean, that records every observation of a
	 * served call.
	 */
	@Configuration(proxyBeanMethods = false)
	static class RecordingHandlerBeanConfiguration {

		@Bean
		Recorded recorded() {
			return new Recorded();
		}

		@Bean
		RecordingHandler recordingHandler(Recorded recorded) {
			return new RecordingHandler(recorded);
		}

	}

	static final class RecordingHandler implements ObservationHandler<Observation.Context> {

		private final Recorded recorded;

		RecordingHandler(Recorded recorded) {
			this.recorded = recorded;
		}

		@Override
		public boolean supportsContext(Observation.Context context) {
			return "acp.server.requests".equals(context.getName());
		}

		@Override
		public void onStart(Observation.Context context) {
			this.recorded.started.add(context.getContextualName());
		}

	}

	static final class Recorded {

		final List<String> started = new CopyOnWriteArrayList<>();

	}

	/**
	 * A tracing handler, first of its group, that takes the observations of served calls
	 * and records them.
	 */
	static final class RecordingTracingHandler implements TracingObservationHandler<Observation.Context> {

		private final Tracer tracer;

		private final Recorded recorded;

		RecordingTracingHandler(Tracer tracer, Recorded recorded) {
			this.tracer = tracer;
			this.recorded = recorded;
		}

		@Override
		public boolean supportsContext(Observation.Context context) {
			return "acp.server.requests".equals(context.getName());
		}

		@Override
		public void onStart(Observation.Context context) {
			getTracingContext(context);
			this.recorded.started.add(context.getContextualName());
		}

		@Override
		public Tracer getTracer() {
			return this.tracer;
		}

	}

}

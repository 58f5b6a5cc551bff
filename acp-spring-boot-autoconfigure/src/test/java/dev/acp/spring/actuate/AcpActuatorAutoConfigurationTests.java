package dev.acp.spring.actuate;

import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;

import dev.acp.spring.agent.AcpTraceContextWriter;
import dev.acp.spring.agent.TestPeer;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpTransportStatus;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.support.AcpMethodRegistry;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * Tests for {@link AcpActuatorAutoConfiguration}: health in each state, the endpoint's
 * content, meters after real calls, one trace across the editor boundary, and the health
 * extension.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpActuatorAutoConfigurationTests {

	private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpActuatorAutoConfiguration.class, EndpointAutoConfiguration.class,
				HealthContributorAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class,
				HealthEndpointAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	private ApplicationContextRunner observed() {
		return this.contextRunner
			.withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class, MetricsAutoConfiguration.class,
					CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class))
			.withPropertyValues("management.metrics.export.simple.enabled=true");
	}

	@Test
	void healthIsUpWithTheTransportConnectionsInFlightRequestsAndHandlers() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			Health health = context.getBean(AcpHealthIndicator.class).health(true);
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("transport", "none")
				.containsEntry("connections", 1)
				.containsEntry("inFlightRequests", 0)
				.containsEntry("handlers", 3);
		});
	}

	@Test
	void healthIsOutOfServiceWhileDrainingAndDownWithTheReasonWhenTheTransportFailed() {
		this.contextRunner.run((context) -> {
			JsonRpcConnectionFactory factory = context.getBean(JsonRpcConnectionFactory.class);
			AcpMethodRegistry registry = context.getBean(AcpMethodRegistry.class);
			assertThat(new AcpHealthIndicator(status(AcpTransportStatus.State.SERVING, null), factory, registry)
				.health(true)
				.getStatus()).isEqualTo(Status.UP);
			assertThat(new AcpHealthIndicator(status(AcpTransportStatus.State.DRAINING, null), factory, registry)
				.health(true)
				.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
			Health down = new AcpHealthIndicator(
					status(AcpTransportStatus.State.FAILED, "Could not read standard input: closed"), factory, registry)
				.health(true);
			assertThat(down.getStatus()).isEqualTo(Status.DOWN);
			assertThat(down.getDetails()).containsEntry("reason", "Could not read standard input: closed")
				.containsEntry("transport", "stdio");
		});
	}

	@Test
	void healthIndicatorCanBeDisabledAndNeedsActuatorHealth() {
		this.contextRunner.withPropertyValues("management.health.acp.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AcpHealthIndicator.class));
		this.contextRunner.withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.run((context) -> assertThat(context).doesNotHaveBean(AcpHealthIndicator.class)
				.doesNotHaveBean(AcpHealthExtension.class));
	}

	@Test
	void endpointListsHandlersTheAdvertisementAndEachConnectionWithoutPayloads() {
		this.contextRunner
			.withPropertyValues("management.endpoints.jmx.exposure.include=acp", "spring.jmx.enabled=true")
			.run((context) -> {
				TestPeer peer = new TestPeer(context);
				peer.initialize("{}");
				peer.call("session/new", "{\"cwd\":\"/tmp\",\"mcpServers\":[]}");
				AcpEndpoint.AcpDescriptor acp = context.getBean(AcpEndpoint.class).acp();
				assertThat(acp.handlers()).extracting(AcpEndpoint.HandlerDescriptor::name)
					.containsExactly("_ops.test/ping", "_ops.test/tell", "session/new");
				assertThat(acp.handlers().get(0)).isEqualTo(new AcpEndpoint.HandlerDescriptor("_ops.test/ping",
						"request", "opsHandlers", "ops.test", true));
				assertThat(acp.handlers().get(2).extension()).isFalse();
				assertThat(acp.capabilities().meta()).containsKey("ops.test");
				assertThat(acp.connections()).singleElement().satisfies((connection) -> {
					assertThat(connection.clientName()).isEqualTo("test-client");
					assertThat(connection.clientVersion()).isEqualTo("1.0");
					assertThat(connection.protocolVersion()).isOne();
					assertThat(connection.sessions()).isOne();
					assertThat(connection.transport()).isEqualTo("test");
				});
			});
	}

	@Test
	void callsAreMeasuredWithLowCardinalityTagsAndUnknownNamesCollapse() {
		observed().run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.call("_ops.test/ping", "{}");
			peer.call("_random/a1", "{}");
			peer.call("_random/b2", "{}");
			peer.send("not json");
			peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_random/n\",\"params\":{}}");
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.get("acp.server.requests")
				.tags("method", "_ops.test/ping", "kind", "request", "outcome", "success", "transport", "test")
				.timer()
				.count()).isOne();
			assertThat(meters.get("acp.server.requests")
				.tags("method", "UNKNOWN", "outcome", "error", "error.code", "-32601")
				.timer()
				.count()).isEqualTo(2);
			assertThat(meters.get("acp.parse.errors").functionCounter().count()).isOne();
			peer.call("_ops.test/ping", "{}");
			assertThat(meters.get("acp.notifications.dropped").functionCounter().count()).isOne();
			assertThat(meters.get("acp.connections").gauge().value()).isOne();
			assertThat(meters.find("acp.server.requests").tag("method", "_random/a1").timers()).isEmpty();
		});
	}

	@Test
	void theClientsTraceParentIsTheParentOfTheHandlersRequestsAndItsNotificationsCarryTheCallsOwnSpan() {
		observed()
			.withConfiguration(AutoConfigurations.of(OpenTelemetrySdkAutoConfiguration.class,
					MicrometerTracingAutoConfiguration.class, OpenTelemetryTracingAutoConfiguration.class))
			.withPropertyValues("management.tracing.sampling.probability=1.0")
			.withUserConfiguration(SpanExporterConfiguration.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(AcpTraceContextWriter.class);
				TestPeer peer = new TestPeer(context);
				peer.initialize("{\"_meta\":{\"client.test\":{}}}");
				peer.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"_ops.test/ping\",\"params\":{\"_meta\":"
						+ "{\"traceparent\":\"00-" + TRACE_ID + "-00f067aa0ba902b7-01\"},\"call\":true}}");
				JsonNode outbound = peer.next();
				assertThat(outbound.get("method").asString()).isEqualTo("_client.test/hello");
				String traceparent = outbound.at("/params/_meta/traceparent").asString();
				assertThat(traceparent).startsWith("00-" + TRACE_ID + "-");
				assertThat(outbound.at("/params/name").asString()).isEqualTo("ops");
				peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + outbound.get("id") + ",\"result\":{}}");
				JsonNode update = peer.next();
				String updateParent = update.at("/params/_meta/traceparent").asString();
				JsonNode ownMeta = peer.next().at("/params/_meta");
				assertThat(ownMeta.get("traceparent").asString()).isEqualTo("00-own");
				assertThat(ownMeta.get("vendor.x").asString()).isEqualTo("1");
				assertThat(peer.next().at("/params/_meta/traceparent").asString()).isEqualTo(updateParent);
				assertThat(peer.next().get("id").asInt()).isEqualTo(7);
				context.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
				List<SpanData> spans = context.getBean(InMemorySpanExporter.class).getFinishedSpanItems();
				assertThat(spans).filteredOn((span) -> !span.getName().equals("initialize"))
					.extracting(SpanData::getName, SpanData::getTraceId)
					.containsExactlyInAnyOrder(tuple("_ops.test/ping", TRACE_ID),
							tuple("_client.test/hello", TRACE_ID));
				SpanData served = spans.stream()
					.filter((span) -> span.getName().equals("_ops.test/ping"))
					.findFirst()
					.orElseThrow();
				assertThat(updateParent).isEqualTo("00-" + TRACE_ID + "-" + served.getSpanId() + "-01");
				assertThat(context.getBean(MeterRegistry.class).get("acp.notifications.sent").functionCounter().count())
					.isEqualTo(3);
			});
	}

	@Test
	void withoutTracingTheNotificationsAHandlerSendsCarryNoTraceContext() {
		observed().run((context) -> {
			assertThat(context).doesNotHaveBean(AcpTraceContextWriter.class);
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"_meta\":{\"client.test\":{}}}");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"_ops.test/ping\",\"params\":{\"_meta\":"
					+ "{\"traceparent\":\"00-" + TRACE_ID + "-00f067aa0ba902b7-01\"},\"call\":true}}");
			JsonNode outbound = peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + outbound.get("id") + ",\"result\":{}}");
			JsonNode update = peer.next();
			assertThat(update.get("method").asString()).isEqualTo("session/update");
			assertThat(update.at("/params/_meta").isMissingNode()).isTrue();
			assertThat(peer.next().at("/params/_meta").size()).isEqualTo(2);
			assertThat(peer.next().at("/params/_meta").isMissingNode()).isTrue();
			assertThat(peer.next().get("id").asInt()).isEqualTo(7);
		});
	}

	@Test
	void healthExtensionAnswersTheHealthOverAcpWhenEnabledAndIsAdvertised() {
		this.contextRunner.withPropertyValues("acp.health-extension.enabled=true").run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode initialized = peer.initialize("{}");
			assertThat(initialized.at("/agentCapabilities/_meta/acp-spring-boot/methods").toString())
				.isEqualTo("[\"_acp-spring-boot/health\"]");
			JsonNode health = peer.call("_acp-spring-boot/health", "{}").get("result");
			assertThat(health.get("status").asString()).isEqualTo("UP");
			assertThat(health.at("/components/acp/status").asString()).isEqualTo("UP");
			assertThat(health.at("/components/acp/details/transport").asString()).isEqualTo("none");
		});
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(AcpHealthExtension.class));
	}

	private static AcpTransportStatus status(AcpTransportStatus.State state, String failure) {
		return new AcpTransportStatus() {

			@Override
			public String transportName() {
				return "stdio";
			}

			@Override
			public State state() {
				return state;
			}

			@Override
			public String failure() {
				return failure;
			}

		};
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		OpsHandlers opsHandlers() {
			return new OpsHandlers();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class SpanExporterConfiguration {

		@Bean
		InMemorySpanExporter inMemorySpanExporter() {
			return InMemorySpanExporter.create();
		}

	}

	static class OpsHandlers {

		@AcpMethod("_ops.test/ping")
		Map<String, Object> ping(JsonNode params, AcpRequestContext context) throws Exception {
			if (params.path("fail").asBoolean()) {
				throw new IllegalStateException("ping failed");
			}
			if (params.path("call").asBoolean()) {
				context.client()
					.request("_client.test/hello", Map.of("name", "ops"), JsonNode.class)
					.get(10, TimeUnit.SECONDS);
				context.client().agentMessageChunk("s1", "traced");
				context.client()
					.notify("session/update",
							new SessionNotification("s1",
									new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("own")),
									Map.of("traceparent", "00-own", "vendor.x", "1")));
				context.client().notify("_client.test/event", Map.of("n", 1));
			}
			return Map.of("pong", true);
		}

		@AcpNotification("_ops.test/tell")
		void tell(JsonNode params) {
		}

		@AcpMethod("session/new")
		Map<String, Object> newSession(JsonNode params) {
			return Map.of("sessionId", "s1");
		}

	}

}

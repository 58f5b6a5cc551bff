package dev.acp.spring.actuate;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;

import dev.acp.spring.agent.TestPeer;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpClientException;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests that the tags of the observations stay low-cardinality whatever the peer sends:
 * an error code nobody knows is tagged {@code other}, never itself.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpObservationTagsTests {

	private static final int DISTINCT_CODES = 200;

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpActuatorAutoConfiguration.class, ObservationAutoConfiguration.class, MetricsAutoConfiguration.class,
				CompositeMeterRegistryAutoConfiguration.class, SimpleMetricsExportAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "management.metrics.export.simple.enabled=true")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void errorCodesTheClientAnswersAreTaggedOtherUnlessKnown() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"_meta\":{\"client.test\":{}}}");
			assertThat(peer.call("_tags.test/capture", "{}").has("result")).isTrue();
			AcpClient client = Capture.clients.get(peer.connection().id());
			for (int i = 0; i < DISTINCT_CODES; i++) {
				answerWithError(peer, client, -40000 - i);
			}
			answerWithError(peer, client, -32002);
			answerWithError(peer, client, -32602);
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(errorCodeTags(meters, "acp.client.requests")).containsExactlyInAnyOrder("other", "-32002",
					"-32602");
			assertThat(meters.get("acp.client.requests")
				.tags("method", "_client.test/ask", "outcome", "error", "error.code", "other")
				.timer()
				.count()).isEqualTo(DISTINCT_CODES);
			assertThat(meters.find("acp.client.requests").meters()).hasSizeLessThanOrEqualTo(4);
		});
	}

	@Test
	void errorCodesAHandlerAnswersAreTaggedOtherUnlessKnown() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			for (int i = 0; i < DISTINCT_CODES; i++) {
				JsonNode answer = peer.call("_tags.test/fail", "{\"code\":" + (-40000 - i) + "}");
				assertThat(answer.at("/error/code").asInt()).isEqualTo(-40000 - i);
			}
			peer.call("_tags.test/fail", "{\"code\":-32000}");
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.find("acp.server.requests").tag("method", "_tags.test/fail").timers())
				.extracting((timer) -> timer.getId().getTag("error.code"))
				.containsExactlyInAnyOrder("other", "-32000");
			assertThat(meters.get("acp.server.requests")
				.tags("method", "_tags.test/fail", "outcome", "error", "error.code", "other")
				.timer()
				.count()).isEqualTo(DISTINCT_CODES);
		});
	}

	@Test
	void unknownMethodNamesOfTheClientCollapseIntoOneTag() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			for (int i = 0; i < DISTINCT_CODES; i++) {
				assertThat(peer.call("_random" + i + "/m", "{}").at("/error/code").asInt()).isEqualTo(-32601);
				assertThat(peer.call("random/m" + i, "{}").at("/error/code").asInt()).isEqualTo(-32601);
			}
			MeterRegistry meters = context.getBean(MeterRegistry.class);
			assertThat(meters.find("acp.server.requests")
				.meters()
				.stream()
				.map((meter) -> meter.getId().getTag("method"))
				.collect(Collectors.toSet())).containsExactlyInAnyOrder("initialize", "UNKNOWN");
			assertThat(meters.get("acp.server.requests").tags("method", "UNKNOWN").timer().count())
				.isEqualTo(2 * DISTINCT_CODES);
		});
	}

	private static void answerWithError(TestPeer peer, AcpClient client, int code) throws Exception {
		CompletableFuture<JsonNode> answer = client.request("_client.test/ask", Map.of(), JsonNode.class);
		JsonNode request = peer.next();
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"error\":{\"code\":" + code
				+ ",\"message\":\"no " + code + "\"}}");
		assertThatExceptionOfType(ExecutionException.class).isThrownBy(() -> answer.get(10, TimeUnit.SECONDS))
			.withCauseInstanceOf(AcpClientException.class);
	}

	private static Set<String> errorCodeTags(MeterRegistry meters, String name) {
		return meters.find(name)
			.meters()
			.stream()
			.map(Meter::getId)
			.map((id) -> id.getTag("error.code"))
			.filter((tag) -> tag != null)
			.collect(Collectors.toSet());
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Capture capture() {
			return new Capture();
		}

	}

	static class Capture {

		static final Map<String, AcpClient> clients = new ConcurrentHashMap<>();

		@AcpMethod("_tags.test/capture")
		void capture(AcpRequestContext context) {
			clients.put(context.connection().id(), context.client());
		}

		@AcpMethod("_tags.test/fail")
		void fail(JsonNode params) {
			throw new AcpException(params.get("code").asInt(), "failed");
		}

	}

}

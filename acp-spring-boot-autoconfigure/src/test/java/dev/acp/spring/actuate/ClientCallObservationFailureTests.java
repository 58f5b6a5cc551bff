package dev.acp.spring.actuate;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;

import dev.acp.spring.agent.TestPeer;
import dev.acp.spring.agent.support.AcpObservations;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpRequestContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that an agent's call to the client is answered to its caller even when an
 * observation handler of the application fails as the call's observation stops.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ClientCallObservationFailureTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpActuatorAutoConfiguration.class, ObservationAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(FailingHandlerConfiguration.class);

	@Test
	void theCallerGetsTheAnswerWhenAnObservationHandlerFailsOnStop() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"_meta\":{\"client.test\":{}}}");
			assertThat(peer.call("_observed.test/capture", "{}").has("result")).isTrue();
			AcpClient client = Capture.clients.get(peer.connection().id());
			CompletableFuture<JsonNode> answer = client.request("_client.test/ask", Map.of(), JsonNode.class);
			JsonNode request = peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"ok\":true}}");
			assertThat(answer.get(10, TimeUnit.SECONDS).path("ok").asBoolean()).isTrue();
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class FailingHandlerConfiguration {

		@Bean
		ObservationHandler<Observation.Context> failingOnStop() {
			return new ObservationHandler<>() {

				@Override
				public boolean supportsContext(Observation.Context context) {
					return AcpObservations.CLIENT_REQUESTS.equals(context.getName());
				}

				@Override
				public void onStop(Observation.Context context) {
					throw new IllegalStateException("The application's handler failed");
				}

			};
		}

		@Bean
		Capture capture() {
			return new Capture();
		}

	}

	static class Capture {

		static final Map<String, AcpClient> clients = new ConcurrentHashMap<>();

		@AcpMethod("_observed.test/capture")
		void capture(AcpRequestContext context) {
			clients.put(context.connection().id(), context.client());
		}

	}

}

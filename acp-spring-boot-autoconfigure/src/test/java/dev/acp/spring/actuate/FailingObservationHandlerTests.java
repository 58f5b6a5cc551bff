package dev.acp.spring.actuate;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.transport.SenderContext;

import dev.acp.spring.agent.TestPeer;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpRequestContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that a failing {@link ObservationHandler} of the application costs an
 * observation, never a call's answer.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class FailingObservationHandlerTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				ObservationAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void theAnswerToARequestToTheClientArrivesWhenAnObservationHandlerFails(CapturedOutput output) {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"_meta\":{\"client.test\":{}}}");
			assertThat(peer.call("_failing.test/capture", "{}").has("result")).isTrue();
			AcpClient client = Capture.clients.get(peer.connection().id());
			CompletableFuture<JsonNode> answer = client.request("_client.test/ask", Map.of(), JsonNode.class);
			JsonNode request = peer.next();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + request.get("id") + ",\"result\":{\"ok\":true}}");
			assertThat(answer.get(10, TimeUnit.SECONDS).get("ok").asBoolean()).isTrue();
			assertThat(output).contains("Could not end the request '_client.test/ask' to the client");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Capture capture() {
			return new Capture();
		}

		@Bean
		ObservationHandler<SenderContext<?>> failingHandler() {
			return new FailingHandler();
		}

	}

	static class Capture {

		static final Map<String, AcpClient> clients = new ConcurrentHashMap<>();

		@AcpMethod("_failing.test/capture")
		void capture(AcpRequestContext context) {
			clients.put(context.connection().id(), context.client());
		}

	}

	/**
	 * Fails when an observation of a call the agent makes stops.
	 */
	static class FailingHandler implements ObservationHandler<SenderContext<?>> {

		@Override
		public boolean supportsContext(Observation.Context context) {
			return context instanceof SenderContext<?>;
		}

		@Override
		public void onStop(SenderContext<?> context) {
			throw new IllegalStateException("the handler broke");
		}

	}

}

package dev.acp.spring.agent;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpRequestContext;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the capability helpers of {@link AcpConnection}: a handler asks the connection
 * what the client advertised in {@code initialize} instead of walking
 * {@code clientCapabilities}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpConnectionCapabilitiesTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(CapabilitiesConfiguration.class);

	@Test
	void aHandlerSeesEveryCapabilityTheClientAdvertised() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true},\"terminal\":true,"
					+ "\"_meta\":{\"zed.dev\":{\"workspace\":true}}}");
			assertThat(capabilities(peer)).isEqualTo(
					"{\"readFiles\":true,\"writeFiles\":true,\"terminals\":true,\"zed.dev\":true,\"other.dev\":false}");
		});
	}

	@Test
	void aHandlerSeesOnlyTheCapabilitiesTheClientAdvertised() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"fs\":{\"readTextFile\":true,\"writeTextFile\":false},\"terminal\":false}");
			assertThat(capabilities(peer)).isEqualTo(
					"{\"readFiles\":true,\"writeFiles\":false,\"terminals\":false,\"zed.dev\":false,\"other.dev\":false}");
		});
	}

	@Test
	void aClientThatAdvertisedNothingCanDoNothing() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(capabilities(peer)).isEqualTo(
					"{\"readFiles\":false,\"writeFiles\":false,\"terminals\":false,\"zed.dev\":false,\"other.dev\":false}");
		});
	}

	private static String capabilities(TestPeer peer) throws InterruptedException {
		JsonNode answer = peer.call("_caps.test/ask", "{}");
		assertThat(answer.has("result")).as(answer.toString()).isTrue();
		return answer.get("result").toString();
	}

	@Configuration(proxyBeanMethods = false)
	static class CapabilitiesConfiguration {

		@Bean
		Capabilities capabilities() {
			return new Capabilities();
		}

	}

	static class Capabilities {

		@AcpMethod("_caps.test/ask")
		Map<String, Boolean> ask(AcpRequestContext context) {
			AcpConnection connection = context.connection();
			Map<String, Boolean> capabilities = new LinkedHashMap<>();
			capabilities.put("readFiles", connection.canReadFiles());
			capabilities.put("writeFiles", connection.canWriteFiles());
			capabilities.put("terminals", connection.canRunTerminals());
			capabilities.put("zed.dev", connection.supportsExtension("zed.dev"));
			capabilities.put("other.dev", connection.supportsExtension("other.dev"));
			return capabilities;
		}

	}

}

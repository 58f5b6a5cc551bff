package dev.acp.spring.agent;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
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
 * Tests of {@code acp.protocol.versions}: the first {@code initialize} of a connection
 * fixes its protocol version, the highest served at or below the one asked, and v1 and v2
 * connections are served side by side with the same extension beans.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpProtocolVersionNegotiationTests {

	private static final String V2_INITIALIZE = "{\"protocolVersion\":2,\"info\":{\"name\":\"v2-client\",\"version\":\"2.4\"},"
			+ "\"capabilities\":{\"_meta\":{\"zed.dev\":{}}}}";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "acp.agent.name=test-agent", "acp.agent.version=9.9")
		.withUserConfiguration(ExtensionConfiguration.class);

	@Test
	void aV2ClientGetsVersionOneWhileOnlyVersionOneIsServed() {
		this.contextRunner.run((context) -> {
			JsonNode answer = new TestPeer(context).call(0, "initialize", V2_INITIALIZE);
			assertThat(answer.at("/result/protocolVersion").asInt()).isEqualTo(1);
			assertThat(answer.at("/result/agentInfo/name").asString()).isEqualTo("test-agent");
		});
	}

	@Test
	void v1AndV2ConnectionsOnOneAgentAreEachAnsweredInTheirVersion() {
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2").run((context) -> {
			TestPeer v1 = new TestPeer(context);
			TestPeer v2 = new TestPeer(context);
			JsonNode v2Answer = v2.call(0, "initialize", V2_INITIALIZE).get("result");
			JsonNode v1Answer = v1.initialize("{}");
			assertThat(v1Answer.get("protocolVersion").asInt()).isEqualTo(1);
			assertThat(v1Answer.at("/agentInfo/name").asString()).isEqualTo("test-agent");
			assertThat(v1Answer.at("/agentCapabilities/_meta/test.dev/methods").toString())
				.isEqualTo("[\"_test.dev/greet\"]");
			assertThat(v2Answer.get("protocolVersion").asInt()).isEqualTo(2);
			assertThat(v2Answer.at("/info/name").asString()).isEqualTo("test-agent");
			assertThat(v2Answer.at("/info/version").asString()).isEqualTo("9.9");
			assertThat(v2Answer.has("agentInfo")).isFalse();
			assertThat(v2Answer.has("agentCapabilities")).isFalse();
			assertThat(v2Answer.at("/capabilities/_meta")).isEqualTo(v1Answer.at("/agentCapabilities/_meta"));
			assertThat(v2Answer.at("/capabilities/session").isObject()).isTrue();
			assertThat(v2.call("_test.dev/greet", "{\"name\":\"Ada\"}").at("/result/protocolVersion").asInt())
				.isEqualTo(2);
			assertThat(v1.call("_test.dev/greet", "{\"name\":\"Ada\"}").at("/result/protocolVersion").asInt())
				.isEqualTo(1);
		});
	}

	@Test
	void aClientAskingANewerVersionGetsTheHighestServed() {
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2").run((context) -> {
			JsonNode answer = new TestPeer(context).call(0, "initialize",
					"{\"protocolVersion\":3,\"info\":{\"name\":\"future\",\"version\":\"3\"}}");
			assertThat(answer.at("/result/protocolVersion").asInt()).isEqualTo(2);
			assertThat(answer.at("/result/info/name").asString()).isEqualTo("test-agent");
		});
	}

	@Test
	void aClientAskingVersionOneGetsVersionOneWhenBothAreServed() {
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2").run((context) -> {
			JsonNode answer = new TestPeer(context).call(0, "initialize", "{\"protocolVersion\":1}");
			assertThat(answer.at("/result/protocolVersion").asInt()).isEqualTo(1);
			assertThat(answer.at("/result/agentCapabilities/_meta/test.dev/version").asString()).isEqualTo("2.0");
		});
	}

	@Test
	void aVersionBelowEveryServedOneIsAnsweredTheNewestServed() {
		this.contextRunner.run((context) -> {
			JsonNode answer = new TestPeer(context).call(0, "initialize", "{\"protocolVersion\":0}");
			assertThat(answer.at("/result/protocolVersion").asInt()).isEqualTo(1);
		});
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2").run((context) -> {
			JsonNode answer = new TestPeer(context).call(0, "initialize",
					V2_INITIALIZE.replace("\"protocolVersion\":2", "\"protocolVersion\":0"));
			assertThat(answer.at("/result/protocolVersion").asInt()).isEqualTo(2);
		});
	}

	@Test
	void aV2InitializeWithoutInfoIsInvalidParams() {
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2").run((context) -> {
			JsonNode answer = new TestPeer(context).call(0, "initialize", "{\"protocolVersion\":2}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.toString()).contains("info");
		});
	}

	@Test
	void theFirstInitializeFixesTheVersion() {
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2").run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.call(0, "initialize", V2_INITIALIZE);
			assertThat(peer.call(1, "initialize", "{\"protocolVersion\":1}").at("/error/code").asInt())
				.isEqualTo(-32600);
			assertThat(peer.call("_test.dev/greet", "{\"name\":\"Ada\"}").at("/result/protocolVersion").asInt())
				.isEqualTo(2);
		});
	}

	@Test
	void extensionsAreServedUnchangedOnV2() {
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2").run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.call(0, "initialize", V2_INITIALIZE);
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_other.dev/unknown\",\"params\":{}}");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_test.dev/seen\",\"params\":{\"n\":1}}");
			JsonNode greeting = peer.call(7, "_test.dev/greet", "{\"name\":\"Ada\"}");
			assertThat(greeting.get("id").asInt()).isEqualTo(7);
			assertThat(greeting.at("/result/greeting").asString()).isEqualTo("Hello, Ada");
			assertThat(greeting.at("/result/clientSupportsZed").asBoolean()).isTrue();
			JsonNode unknown = peer.call(8, "_other.dev/unknown", "{}");
			assertThat(unknown.at("/error/code").asInt()).isEqualTo(-32601);
			assertThat(context.getBean(Extension.class).seen.await(10, TimeUnit.SECONDS)).isTrue();
			// the next message is the next call's answer: nothing answered the
			// notifications
			assertThat(peer.call(9, "_test.dev/greet", "{\"name\":\"Bo\"}").get("id").asInt()).isEqualTo(9);
		});
	}

	@Test
	void v1OnlyMethodsTheStarterServesOnV1AreUnknownOnV2() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(AcpSessionAutoConfiguration.class))
			.withPropertyValues("acp.protocol.versions=1,2")
			.run((context) -> {
				TestPeer v1 = new TestPeer(context);
				v1.initialize("{}");
				TestPeer v2 = new TestPeer(context);
				v2.call(0, "initialize", V2_INITIALIZE);
				String params = "{\"sessionId\":\"s\",\"cwd\":\"/tmp\",\"mcpServers\":[]}";
				assertThat(v1.call("session/load", params).at("/error/code").asInt()).isEqualTo(-32002);
				assertThat(v2.call("session/load", params).at("/error/code").asInt()).isEqualTo(-32601);
				for (String method : new String[] { "authenticate", "session/set_mode", "fs/read_text_file" }) {
					assertThat(v2.call(method, params).at("/error/code").asInt()).as(method).isEqualTo(-32601);
				}
			});
	}

	@Test
	void anUnknownVersionInThePropertyFailsStartUp() {
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,3").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("acp.protocol.versions");
		});
	}

	@Test
	void anEmptyVersionListFailsStartUp() {
		this.contextRunner.withPropertyValues("acp.protocol.versions=").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause().hasMessageContaining("acp.protocol.versions");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class ExtensionConfiguration {

		@Bean
		Extension extension() {
			return new Extension();
		}

	}

	@AcpExtension(value = "test.dev", version = "2.0")
	static class Extension {

		final CountDownLatch seen = new CountDownLatch(1);

		@AcpMethod("_test.dev/greet")
		Map<String, Object> greet(Map<String, String> params, AcpRequestContext context) {
			AcpConnection connection = context.connection();
			return Map.of("greeting", "Hello, " + params.get("name"), "protocolVersion", connection.protocolVersion(),
					"clientSupportsZed", connection.supportsExtension("zed.dev"));
		}

		@AcpNotification("_test.dev/seen")
		void seen(Map<String, Integer> params) {
			this.seen.countDown();
		}

	}

}

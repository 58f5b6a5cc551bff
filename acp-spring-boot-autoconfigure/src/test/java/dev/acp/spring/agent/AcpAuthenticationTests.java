package dev.acp.spring.agent;

import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpException;
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
 * Tests of authentication: advertised methods, and calls refused -32000 before a
 * successful {@code authenticate}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpAuthenticationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "acp.auth.methods[0].id=api-key", "acp.auth.methods[0].name=API key",
				"acp.auth.methods[0].description=Uses ACME_API_KEY")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void initializeAdvertisesTheConfiguredMethodsInOrder() {
		this.contextRunner.withPropertyValues("acp.auth.methods[1].id=oauth").run((context) -> {
			JsonNode result = new TestPeer(context).initialize("{}");
			assertThat(result.get("authMethods").toString())
				.isEqualTo("[{\"id\":\"api-key\",\"name\":\"API key\",\"description\":\"Uses ACME_API_KEY\"},"
						+ "{\"id\":\"oauth\",\"name\":\"oauth\"}]");
		});
	}

	@Test
	void coreAndExtensionMethodsBeforeAuthenticateAreRefusedWithAuthRequired() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode core = peer.call(1, "session/new", "{\"cwd\":\"/tmp\",\"mcpServers\":[]}");
			assertThat(core.at("/error/code").asInt()).isEqualTo(-32000);
			assertThat(core.at("/error/data").asString()).contains("session/new");
			assertThat(peer.call(2, "_auth.test/secret", "{}").at("/error/code").asInt()).isEqualTo(-32000);
		});
	}

	@Test
	void aFailedAuthenticateLeavesTheConnectionUnauthenticated() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "authenticate", "{\"methodId\":\"wrong\"}").at("/error/code").asInt())
				.isEqualTo(-32602);
			assertThat(peer.call(2, "_auth.test/secret", "{}").at("/error/code").asInt()).isEqualTo(-32000);
		});
	}

	@Test
	void callsAreServedAfterASuccessfulAuthenticateAndRefusedAgainAfterLogout() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "authenticate", "{\"methodId\":\"api-key\"}").has("result")).isTrue();
			JsonNode secret = peer.call(2, "_auth.test/secret", "{}");
			assertThat(secret.at("/result/authenticated").asBoolean()).isTrue();
			assertThat(peer.call(3, "logout", "{}").has("result")).isTrue();
			assertThat(peer.call(4, "_auth.test/secret", "{}").at("/error/code").asInt()).isEqualTo(-32000);
		});
	}

	@Test
	void authenticationIsNotRequiredWhenTurnedOff() {
		this.contextRunner.withPropertyValues("acp.auth.required=false").run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			assertThat(peer.call(1, "_auth.test/secret", "{}").at("/result/authenticated").asBoolean()).isFalse();
		});
	}

	@Test
	void aMethodWithoutAnIdFailsStartUpNamingTheProperty() {
		this.contextRunner.withPropertyValues("acp.auth.methods[1].name=OAuth").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("acp.auth.methods[1].id must be set");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		AuthHandlers authHandlers() {
			return new AuthHandlers();
		}

	}

	static class AuthHandlers {

		@AcpMethod("authenticate")
		Map<String, Object> authenticate(JsonNode params) {
			if (!"api-key".equals(params.path("methodId").asString())) {
				throw new AcpException(-32602, "Unknown authentication method", null);
			}
			return Map.of();
		}

		@AcpMethod("logout")
		void logout() {
		}

		@AcpMethod("session/new")
		Map<String, Object> newSession(JsonNode params) {
			return Map.of("sessionId", "s1");
		}

		@AcpMethod("_auth.test/secret")
		Map<String, Object> secret(AcpRequestContext context) {
			return Map.of("authenticated", context.connection().isAuthenticated());
		}

	}

}

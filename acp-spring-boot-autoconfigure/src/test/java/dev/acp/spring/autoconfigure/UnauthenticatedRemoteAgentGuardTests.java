package dev.acp.spring.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.ContextConsumer;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.web.server.servlet.context.AnnotationConfigServletWebServerApplicationContext;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter fails closed: an agent whose remote transport would serve anyone who
 * reaches a port beyond loopback, without authentication, does not start unless the
 * application asks for an open agent. Real web server contexts (Tomcat on port 0).
 *
 * @author ACP Spring Boot Starter contributors
 */
class UnauthenticatedRemoteAgentGuardTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner(
			AnnotationConfigServletWebServerApplicationContext::new)
		.withConfiguration(AutoConfigurations.of(TomcatServletWebServerAutoConfiguration.class,
				JacksonAutoConfiguration.class, AcpAutoConfiguration.class, AcpWebSocketAutoConfiguration.class))
		.withPropertyValues("server.port=0");

	@Test
	void anAgentOnEveryAddressWithoutAuthenticationFailsStartupNamingWhatToSet() {
		for (String transport : new String[] { "websocket", "http" }) {
			this.contextRunner.withPropertyValues("acp.transport=" + transport)
				.run(failsNaming("acp.transport=" + transport, "server.address is not set"));
		}
	}

	@Test
	void theFailureIsReportedAsWhatToSetNotAsAStackTrace() {
		// analyzers of others need arguments: only ours is asked to load here
		assertThat(SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class,
					(type, name, failure) -> assertThat(name)
						.isNotEqualTo(UnauthenticatedRemoteAgentFailureAnalyzer.class.getName())))
			.hasAtLeastOneElementOfType(UnauthenticatedRemoteAgentFailureAnalyzer.class);
		this.contextRunner.withPropertyValues("acp.transport=websocket").run((context) -> {
			FailureAnalysis analysis = new UnauthenticatedRemoteAgentFailureAnalyzer()
				.analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("without authentication")
				.doesNotContain("server.address=127.0.0.1");
			assertThat(analysis.getAction()).startsWith("Set server.address=127.0.0.1")
				.contains("acp.websocket.auth.allow-anonymous=true");
		});
	}

	@Test
	void anAgentOnANonLoopbackAddressWithoutAuthenticationFailsStartup() {
		this.contextRunner.withPropertyValues("acp.transport=websocket", "server.address=0.0.0.0")
			.run(failsNaming("server.address=0.0.0.0"));
	}

	@Test
	void anAgentOnALoopbackAddressStarts() {
		for (String address : new String[] { "127.0.0.1", "localhost", "::1" }) {
			this.contextRunner.withPropertyValues("acp.transport=websocket", "server.address=" + address)
				.run((context) -> assertThat(context).as(address).hasNotFailed());
		}
	}

	@Test
	void anAgentWithATokenStartsOnEveryAddress() {
		this.contextRunner.withPropertyValues("acp.transport=websocket", "acp.websocket.auth.bearer-token=s3cret")
			.run((context) -> assertThat(context).hasNotFailed());
		this.contextRunner.withPropertyValues("acp.transport=http", "acp.websocket.auth.tokens.alice=alice-token")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void anAgentWithSpringSecurityStartsOnEveryAddress() {
		this.contextRunner
			.withConfiguration(
					AutoConfigurations.of(SecurityAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class))
			.withPropertyValues("acp.transport=websocket")
			.run((context) -> assertThat(context).hasNotFailed().hasBean("springSecurityFilterChain"));
	}

	@Test
	void anOpenAgentStartsWhenTheApplicationAsksForOne() {
		this.contextRunner.withPropertyValues("acp.transport=websocket", "acp.websocket.auth.allow-anonymous=true")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void aContextWithoutAWebServerListensNowhereAndStarts() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
					AcpWebSocketAutoConfiguration.class))
			.withPropertyValues("acp.transport=websocket")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	private static ContextConsumer<AssertableWebApplicationContext> failsNaming(String... facts) {
		return (context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			while (failure.getCause() != null) {
				failure = failure.getCause();
			}
			assertThat(failure.getMessage()).contains(facts)
				.contains("without authentication", "server.address=127.0.0.1", "acp.websocket.auth.bearer-token",
						"acp.websocket.auth.tokens.<name>", "Spring Security",
						"acp.websocket.auth.allow-anonymous=true");
		};
	}

}

package dev.acp.spring.autoconfigure;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.support.SpringApplicationJsonEnvironmentPostProcessor;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AcpStdioOutputEnvironmentPostProcessor} and
 * {@link AcpStdioEnvironmentPostProcessor}: how early standard output is reserved, and
 * from what.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpStdioEnvironmentPostProcessorTests {

	@Test
	void standardOutputIsReservedBeforeConfigurationDataLoadsAndAfterSpringApplicationJson() {
		assertThat(new AcpStdioOutputEnvironmentPostProcessor().getOrder())
			.isLessThan(ConfigDataEnvironmentPostProcessor.ORDER)
			.isGreaterThan(SpringApplicationJsonEnvironmentPostProcessor.DEFAULT_ORDER);
		assertThat(new AcpStdioEnvironmentPostProcessor().getOrder())
			.isGreaterThan(ConfigDataEnvironmentPostProcessor.ORDER);
	}

	@Test
	void withoutConfigurationTheTransportIsStdio() {
		assertThat(AcpStdioEnvironmentPostProcessor.isStdio(new StandardEnvironment())).isTrue();
	}

	@Test
	void theCommandLineChoosesTheTransport() {
		assertThat(AcpStdioEnvironmentPostProcessor
			.isStdio(environmentWith(new SimpleCommandLinePropertySource("--acp.transport=websocket")))).isFalse();
		assertThat(AcpStdioEnvironmentPostProcessor
			.isStdio(environmentWith(new SimpleCommandLinePropertySource("--acp.transport= STDIO ")))).isTrue();
		assertThat(AcpStdioEnvironmentPostProcessor
			.isStdio(environmentWith(new SimpleCommandLinePropertySource("--acp.enabled=false")))).isFalse();
	}

	@Test
	void anEnvironmentVariableChoosesTheTransport() {
		assertThat(AcpStdioEnvironmentPostProcessor.isStdio(environmentWith(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of("ACP_TRANSPORT", "websocket")))))
			.isFalse();
	}

	@Test
	void anUnreadableEnabledFlagLeavesTheDecisionToBinding() {
		assertThat(AcpStdioEnvironmentPostProcessor
			.isStdio(environmentWith(new MapPropertySource("test", Map.of("acp.enabled", "maybe"))))).isTrue();
	}

	@Test
	void anApplicationThatNamesAgentsIsTheirClientAndNoAgentOverStdio() {
		assertThat(AcpStdioEnvironmentPostProcessor
			.isStdio(environmentWith(new MapPropertySource("test", Map.of("acp.agents.coder.command", "agent")))))
			.isFalse();
	}

	@Test
	void anApplicationThatNamesAgentsIsAnAgentOverStdioTooWhenItSaysSo() {
		assertThat(AcpStdioEnvironmentPostProcessor.isStdio(environmentWith(
				new MapPropertySource("test", Map.of("acp.agents.coder.command", "agent", "acp.transport", "stdio")))))
			.isTrue();
	}

	@Test
	void anApplicationThatOnlyDrivesAgentsStartsNoStdioTransportSoItEndsWithItsRunners() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
			.withPropertyValues("acp.agents.coder.command=agent")
			.withInitializer((context) -> new AcpStdioEnvironmentPostProcessor()
				.postProcessEnvironment(context.getEnvironment(), new SpringApplication()))
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean(ProcessTransportLifecycle.class);
				assertThat(context.getBean(AcpProperties.class).getTransport()).isEqualTo(AcpProperties.Transport.NONE);
			});
	}

	private static StandardEnvironment environmentWith(PropertySource<?> source) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(source);
		return environment;
	}

}

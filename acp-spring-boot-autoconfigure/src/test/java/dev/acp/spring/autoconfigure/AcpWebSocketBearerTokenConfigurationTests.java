package dev.acp.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import dev.acp.spring.transport.websocket.BearerToken;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the bearer-token option of the WebSocket transport at start-up: absent means
 * no authentication, present but empty (or unreadable) fails start-up naming the
 * property, never turning authentication off.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpWebSocketBearerTokenConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpWebSocketAutoConfiguration.class))
		.withPropertyValues("acp.transport=websocket");

	@Test
	void absentBearerTokenStartsWithoutAuthentication() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.hasSingleBean(AcpWebSocketHandler.class)
			.doesNotHaveBean(BearerToken.class));
	}

	@Test
	void bearerTokenIsResolvedOnce() {
		this.contextRunner.withPropertyValues("acp.websocket.auth.bearer-token= s3cret ")
			.run((context) -> assertThat(context).hasSingleBean(BearerToken.class));
	}

	@Test
	void emptyBearerTokenFailsStartup() {
		this.contextRunner.withPropertyValues("acp.websocket.auth.bearer-token=")
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.bearer-token"));
	}

	@Test
	void blankBearerTokenFailsStartup() {
		this.contextRunner.withPropertyValues("acp.websocket.auth.bearer-token=   ")
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.bearer-token"));
	}

	@Test
	void emptyBearerTokenFailsStartupEvenWithATokenFile(@TempDir Path directory) throws Exception {
		Path file = Files.writeString(directory.resolve("token"), "from-a-file");
		this.contextRunner
			.withPropertyValues("acp.websocket.auth.bearer-token=", "acp.websocket.auth.bearer-token-file=" + file)
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.bearer-token"));
	}

	@Test
	void emptyBearerTokenFileFailsStartup(@TempDir Path directory) throws Exception {
		Path file = Files.writeString(directory.resolve("token"), " \n");
		this.contextRunner.withPropertyValues("acp.websocket.auth.bearer-token-file=" + file)
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.bearer-token-file"));
	}

	@Test
	void missingBearerTokenFileFailsStartup(@TempDir Path directory) {
		this.contextRunner.withPropertyValues("acp.websocket.auth.bearer-token-file=" + directory.resolve("absent"))
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.bearer-token-file"));
	}

	@Test
	void bearerTokenFileSetToAnEmptyPathFailsStartup() {
		this.contextRunner.withPropertyValues("acp.websocket.auth.bearer-token-file=")
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.bearer-token-file"));
	}

	@Test
	void unresolvedPlaceholderAsBearerTokenFailsStartup() {
		this.contextRunner.withPropertyValues("acp.websocket.auth.bearer-token=${ACP_TEST_UNSET_TOKEN}")
			.run((context) -> assertThat(context).hasFailed());
	}

	private static void assertFailsNaming(Throwable failure, String property) {
		assertThat(failure).isNotNull();
		Throwable cause = failure;
		while (cause != null && !(cause instanceof InvalidConfigurationPropertyValueException)) {
			cause = cause.getCause();
		}
		assertThat(cause).as("an InvalidConfigurationPropertyValueException in %s", failure)
			.isInstanceOf(InvalidConfigurationPropertyValueException.class);
		assertThat(((InvalidConfigurationPropertyValueException) cause).getName()).isEqualTo(property);
	}

}

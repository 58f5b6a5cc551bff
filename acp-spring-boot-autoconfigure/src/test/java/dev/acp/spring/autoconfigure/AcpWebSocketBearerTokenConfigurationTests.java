package dev.acp.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import dev.acp.spring.transport.websocket.BearerToken;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.core.env.SystemEnvironmentPropertySource;

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

	@Test
	void eachNamedTokenFromPropertiesTheEnvironmentOrAFileIsAPrincipalOfItsOwn(@TempDir Path directory)
			throws Exception {
		Path file = Files.writeString(directory.resolve("tokens"), "# people\ncarol = carol-token\n");
		this.contextRunner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addLast(new SystemEnvironmentPropertySource("test-systemEnvironment",
						Map.of("ACP_WEBSOCKET_AUTH_TOKENS_BOB", "bob-token"))))
			.withPropertyValues("acp.websocket.auth.tokens.alice=alice-token", "acp.websocket.auth.tokens-file=" + file,
					"acp.websocket.auth.bearer-token=shared-token")
			.run((context) -> {
				BearerToken tokens = context.getBean(BearerToken.class);
				assertThat(tokens.authenticate("Bearer alice-token").getName()).isEqualTo("alice");
				assertThat(tokens.authenticate("Bearer bob-token").getName()).isEqualTo("bob");
				assertThat(tokens.authenticate("Bearer carol-token").getName()).isEqualTo("carol");
				assertThat(tokens.authenticate("Bearer shared-token").getName()).isEqualTo(BearerToken.PRINCIPAL_NAME);
				assertThat(tokens.authenticate("Bearer alice-token"))
					.isEqualTo(tokens.authenticate("Bearer alice-token"))
					.isNotEqualTo(tokens.authenticate("Bearer bob-token"));
				assertThat(tokens.authenticate("Bearer nobody")).isNull();
				assertThat(tokens.toString()).doesNotContain("alice-token", "bob-token", "carol-token", "shared");
			});
	}

	@Test
	void namedTokensAloneRequireAToken() {
		this.contextRunner.withPropertyValues("acp.websocket.auth.tokens.alice=alice-token")
			.run((context) -> assertThat(context.getBean(BearerToken.class).principalNames()).containsExactly("alice"));
	}

	@Test
	void anEmptyNamedTokenFailsStartup() {
		this.contextRunner
			.withPropertyValues("acp.websocket.auth.tokens.alice=alice-token", "acp.websocket.auth.tokens.bob= ")
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.tokens.bob"));
	}

	@Test
	void anEmptyNamedTokenFromTheEnvironmentFailsStartup() {
		this.contextRunner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addLast(new SystemEnvironmentPropertySource("test-systemEnvironment",
						Map.of("ACP_WEBSOCKET_AUTH_TOKENS_ALICE", ""))))
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.tokens.alice"));
	}

	@Test
	void aTokensFileWithoutTokensOrWithAnEmptyOneFailsStartup(@TempDir Path directory) throws Exception {
		Path none = Files.writeString(directory.resolve("none"), "# nobody yet\n");
		this.contextRunner.withPropertyValues("acp.websocket.auth.tokens-file=" + none)
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.tokens-file"));
		Path empty = Files.writeString(directory.resolve("empty"), "alice=a\nbob=\n");
		this.contextRunner.withPropertyValues("acp.websocket.auth.tokens-file=" + empty)
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.tokens-file"));
		this.contextRunner.withPropertyValues("acp.websocket.auth.tokens-file=" + directory.resolve("absent"))
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.tokens-file"));
	}

	@Test
	void oneTokenUnderTwoNamesFailsStartup() {
		this.contextRunner
			.withPropertyValues("acp.websocket.auth.tokens.alice=same", "acp.websocket.auth.tokens.bob=same")
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.tokens"));
		this.contextRunner
			.withPropertyValues("acp.websocket.auth.tokens.alice=same", "acp.websocket.auth.bearer-token=same")
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.tokens"));
	}

	@Test
	void aNamedTokenCannotTakeTheSharedTokensPrincipal() {
		this.contextRunner
			.withPropertyValues("acp.websocket.auth.tokens.bearer=mine", "acp.websocket.auth.bearer-token=shared")
			.run((context) -> assertFailsNaming(context.getStartupFailure(), "acp.websocket.auth.tokens.bearer"));
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

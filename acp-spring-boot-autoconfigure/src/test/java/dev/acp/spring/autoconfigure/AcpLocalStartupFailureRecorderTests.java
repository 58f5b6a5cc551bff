package dev.acp.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Tests for {@link AcpLocalStartupFailureRecorder}: a warm agent that fails to start
 * writes why for its launcher.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpLocalStartupFailureRecorderTests {

	@TempDir
	Path dir;

	/**
	 * Run an application as the launcher runs a warm agent ({@code acp.transport=local}):
	 * a stdio agent that fails reads its client's {@code initialize} from standard input,
	 * which in a test JVM is the test runner's own channel.
	 */
	private static void run(Class<?> configuration, String... args) {
		SpringApplication application = new SpringApplication(configuration);
		application.setWebApplicationType(WebApplicationType.NONE);
		String[] local = Stream.concat(Stream.of("--acp.transport=local"), Stream.of(args)).toArray(String[]::new);
		assertThatException().isThrownBy(() -> application.run(local));
	}

	@Test
	void aFailureToStartIsWrittenToTheFailureFileWithoutAStackTrace() throws Exception {
		Path failure = this.dir.resolve("agent.failure");
		run(FailingConfiguration.class, "--acp.local.failure-file=" + failure, "--spring.main.banner-mode=off");
		assertThat(failure).content()
			.contains("The agent failed to start: no database at db-one")
			.doesNotContain("\tat ");
	}

	@Test
	void aFailureWhileLoadingConfigurationDataIsWrittenToo() throws Exception {
		Path failure = this.dir.resolve("agent.failure");
		run(FailingConfiguration.class, "--acp.local.failure-file=" + failure, "--spring.main.banner-mode=off",
				"--spring.config.import=file:" + this.dir.resolve("missing.properties"));
		assertThat(failure).content().contains("missing.properties");
	}

	@Test
	void withoutTheFailureFileNothingIsWritten() throws Exception {
		run(FailingConfiguration.class, "--spring.main.banner-mode=off");
		try (var files = Files.list(this.dir)) {
			assertThat(files).isEmpty();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class FailingConfiguration {

		@Bean
		String database() {
			throw new IllegalStateException("no database at db-one");
		}

	}

}

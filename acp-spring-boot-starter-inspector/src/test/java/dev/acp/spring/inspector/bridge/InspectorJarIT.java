package dev.acp.spring.inspector.bridge;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The executable jar the build writes, {@code target/acp-inspector.jar}, run from the
 * repository's root as the documentation runs it.
 */
class InspectorJarIT {

	private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

	private static final String JAR = "acp-spring-boot-starter-inspector/target/acp-inspector.jar";

	@Test
	void runsAnAgentCommandFromTheRepositoryRootAndPrintsOnlyItsStartLine() throws Exception {
		InspectorStandardOutputTests.assertStartLineIsTheOnlyOutput(java(ProcessBuilder.Redirect.DISCARD, "-jar", JAR,
				"--", "node", "acp-spring-boot-starter-inspector/src/test/node/agent.mjs"));
	}

	@Test
	void exitsWithCodeTwoWithoutAnAgentCommand() throws Exception {
		Process inspector = java(ProcessBuilder.Redirect.PIPE, "-jar", JAR, "--acp.inspector.port=0");
		assertThat(inspector.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(inspector.exitValue()).isEqualTo(2);
		assertThat(new String(inspector.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
		assertThat(new String(inspector.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
			.contains(AgentCommand.USAGE);
	}

	private static Process java(ProcessBuilder.Redirect errors, String... args) throws Exception {
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		List<String> command = new ArrayList<>(List.of(java));
		command.addAll(List.of(args));
		return new ProcessBuilder(command).directory(ROOT.toFile()).redirectError(errors).start();
	}

}

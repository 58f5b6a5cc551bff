package dev.acp.spring.fastlaunch;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link RuntimeImage}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class RuntimeImageTests {

	private static final Set<String> JDK = Set.of("java.base", "java.desktop", "java.logging", "java.management",
			"java.naming", "java.sql", "java.xml", "jdk.crypto.ec", "jdk.management", "jdk.unsupported", "jdk.zipfs",
			"jdk.jfr");

	@Test
	void modulesAreWhatJdepsFoundAndTheReflectivelyLoadedOnes() {
		assertThat(RuntimeImage.modules("java.desktop,java.logging,java.naming\n", JDK)).containsExactly("java.base",
				"java.desktop", "java.logging", "java.naming", "jdk.crypto.ec", "jdk.management", "jdk.unsupported",
				"jdk.zipfs");
	}

	@Test
	void onlyModulesOfTheLinkingJdkAreListed() {
		assertThat(RuntimeImage.modules("java.logging", Set.of("java.base", "java.logging", "jdk.unsupported")))
			.containsExactly("java.base", "java.logging", "jdk.unsupported");
	}

	@Test
	void theModuleListIsJdepsLastLineAfterItsWarnings() {
		String output = """
				Warning: split package: org.example lib/a.jar lib/b.jar

				java.base,java.sql
				""";
		assertThat(RuntimeImage.modules(output, JDK)).contains("java.sql").doesNotContain("java.desktop");
	}

	@Test
	void outputWithoutAModuleListIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> RuntimeImage.modules("Error: missing dependencies\n", JDK))
			.withMessageContaining("jdeps printed no module list");
	}

	@Test
	void jlinkTrimsTheRuntimeAndGivesItAClassDataArchive() {
		assertThat(RuntimeImage.jlinkArguments(Set.of("java.base"), Path.of("/out/runtime"), 25)).containsExactly(
				"--add-modules", "java.base", "--strip-debug", "--no-header-files", "--no-man-pages",
				"--compress=zip-6", "--generate-cds-archive", "--output", "/out/runtime");
	}

	@Test
	void jlinkBefore21TakesTheNumericCompressionLevel() {
		assertThat(RuntimeImage.jlinkArguments(Set.of("java.base"), Path.of("/out"), 17)).contains("--compress=2");
	}

	@Test
	void theFallbackListHoldsTheModulesSpringNeeds() {
		assertThat(RuntimeImage.FALLBACK_MODULES).contains("java.base", "java.desktop", "java.logging",
				"java.management", "java.naming", "java.sql", "java.xml", "jdk.unsupported");
		assertThat(RuntimeImage.FALLBACK_MODULES).containsAll(List.copyOf(RuntimeImage.EXTRA_MODULES));
	}

}

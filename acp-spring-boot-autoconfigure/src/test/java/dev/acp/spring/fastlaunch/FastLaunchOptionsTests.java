package dev.acp.spring.fastlaunch;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link FastLaunchOptions}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class FastLaunchOptionsTests {

	private static final Path JAR = Path.of("/work/agent/target/minimal-agent-0.0.1-SNAPSHOT.jar");

	@Test
	void withoutArgumentsWritesBesideTheJarUnderItsUnversionedName() {
		FastLaunchOptions options = FastLaunchOptions.parse(JAR, List.of());
		assertThat(options.destination()).isEqualTo(Path.of("/work/agent/target/fast-launch"));
		assertThat(options.name()).isEqualTo("minimal-agent");
		assertThat(options.jlink()).isFalse();
		assertThat(options.trainPrompt()).isNull();
	}

	@Test
	void everyOptionIsRead() {
		FastLaunchOptions options = FastLaunchOptions.parse(JAR,
				List.of("--destination", "/tmp/out", "--name", "my-agent", "--jlink", "--train-prompt", "hello"));
		assertThat(options.destination()).isEqualTo(Path.of("/tmp/out"));
		assertThat(options.name()).isEqualTo("my-agent");
		assertThat(options.jlink()).isTrue();
		assertThat(options.trainPrompt()).isEqualTo("hello");
	}

	@Test
	void jlinkTakesAnExplicitBooleanForBuildProperties() {
		assertThat(FastLaunchOptions.parse(JAR, List.of("--jlink=true")).jlink()).isTrue();
		assertThat(FastLaunchOptions.parse(JAR, List.of("--jlink", "--jlink=false")).jlink()).isFalse();
	}

	@Test
	void aRelativeDestinationIsMadeAbsolute() {
		assertThat(FastLaunchOptions.parse(JAR, List.of("--destination", "out")).destination())
			.isEqualTo(Path.of("out").toAbsolutePath());
	}

	@Test
	void theDefaultNameDropsTheJarsVersion() {
		assertThat(FastLaunchOptions.defaultName("acp-demo.jar")).isEqualTo("acp-demo");
		assertThat(FastLaunchOptions.defaultName("minimal-agent-0.0.1-SNAPSHOT.jar")).isEqualTo("minimal-agent");
		assertThat(FastLaunchOptions.defaultName("agent-2.1.jar")).isEqualTo("agent");
		assertThat(FastLaunchOptions.defaultName("agent2-1.0.0-RC1.jar")).isEqualTo("agent2");
	}

	@Test
	void anUnknownArgumentIsNamed() {
		assertThatIllegalArgumentException().isThrownBy(() -> FastLaunchOptions.parse(JAR, List.of("--jlnk")))
			.withMessage("Unknown argument '--jlnk'");
	}

	@Test
	void anOptionWithoutItsValueIsNamed() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FastLaunchOptions.parse(JAR, List.of("--destination", "--jlink")))
			.withMessage("Option --destination needs a value");
		assertThatIllegalArgumentException().isThrownBy(() -> FastLaunchOptions.parse(JAR, List.of("--name")))
			.withMessage("Option --name needs a value");
	}

	@Test
	void aNameThatIsNotAPlainFileNameIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> FastLaunchOptions.parse(JAR, List.of("--name", "../agent")))
			.withMessageContaining("'../agent' is not a file name");
	}

}

package dev.acp.spring.fastlaunch;

import org.junit.jupiter.api.Test;

import org.springframework.boot.loader.jarmode.JarMode;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AcpFastLaunchJarMode}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpFastLaunchJarModeTests {

	@Test
	void bootsJarModeRunnerFindsItInSpringFactories() {
		assertThat(SpringFactoriesLoader.loadFactories(JarMode.class, getClass().getClassLoader()))
			.anySatisfy((mode) -> assertThat(mode).isInstanceOf(AcpFastLaunchJarMode.class));
	}

	@Test
	void acceptsItsModeOnly() {
		AcpFastLaunchJarMode mode = new AcpFastLaunchJarMode();
		assertThat(mode.accepts("acp-fast-launch")).isTrue();
		assertThat(mode.accepts("tools")).isFalse();
	}

}

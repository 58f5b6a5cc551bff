package dev.acp.spring.launcher;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link WarmAgent}: which launches share a warm agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
class WarmAgentTests {

	private static final List<String> COMMAND = List.of("/usr/bin/java", "-jar", "/opt/agent/agent.jar");

	@TempDir
	Path runtime;

	private Map<String, String> environment(String... namesAndValues) {
		Map<String, String> environment = new HashMap<>();
		environment.put("XDG_RUNTIME_DIR", this.runtime.toString());
		environment.put("HOME", "/home/someone");
		environment.put("PATH", "/usr/bin:/bin");
		for (int i = 0; i < namesAndValues.length; i += 2) {
			environment.put(namesAndValues[i], namesAndValues[i + 1]);
		}
		return environment;
	}

	private static Path socket(Map<String, String> environment) {
		return socket(environment, "/work/project");
	}

	private static Path socket(Map<String, String> environment, String workingDirectory) {
		return WarmAgent.of(COMMAND, List.of("--acp.x=y"), environment, workingDirectory).socket();
	}

	@Test
	void launchesThatDifferOnlyInAVariableTheApplicationMayReadReachDifferentAgents() {
		Path first = socket(environment("MY_DB_URL", "jdbc:postgresql://db-one/app"));
		Path second = socket(environment("MY_DB_URL", "jdbc:postgresql://db-two/app"));
		Path without = socket(environment());
		assertThat(first).isNotEqualTo(second).isNotEqualTo(without);
		assertThat(second).isNotEqualTo(without);
		assertThat(socket(environment("OPENAI_API_KEY", "one")))
			.isNotEqualTo(socket(environment("OPENAI_API_KEY", "two")));
	}

	@Test
	void launchesWithTheSameEnvironmentShareOneAgent() {
		assertThat(socket(environment("MY_DB_URL", "jdbc:h2:mem:a")))
			.isEqualTo(socket(environment("MY_DB_URL", "jdbc:h2:mem:a")));
	}

	@Test
	void variablesOfTheTerminalSessionDoNotSplitAgents() {
		Path first = socket(environment("_", "/usr/bin/setsid", "SHLVL", "1", "OLDPWD", "/tmp", "PWD", "/work/project",
				"TERM_SESSION_ID", "w0t0p0:A", "ITERM_SESSION_ID", "w0t0p0:A", "WINDOWID", "1", "TMUX_PANE", "%1",
				"KITTY_WINDOW_ID", "1", "ALACRITTY_WINDOW_ID", "1", "WEZTERM_PANE", "1", "GNOME_TERMINAL_SCREEN",
				"/org/gnome/Terminal/screen/1", "SSH_TTY", "/dev/pts/1", "SSH_CLIENT", "10.0.0.1 50000 22",
				"SSH_CONNECTION", "10.0.0.1 50000 10.0.0.2 22", "ACP_WARM", "on"));
		Path second = socket(environment("_", "/usr/bin/java", "SHLVL", "3", "OLDPWD", "/home/someone", "PWD",
				"/link/to/project", "TERM_SESSION_ID", "w1t0p0:B", "ITERM_SESSION_ID", "w1t0p0:B", "WINDOWID", "2",
				"TMUX_PANE", "%7", "KITTY_WINDOW_ID", "2", "ALACRITTY_WINDOW_ID", "2", "WEZTERM_PANE", "2",
				"GNOME_TERMINAL_SCREEN", "/org/gnome/Terminal/screen/2", "SSH_TTY", "/dev/pts/4", "SSH_CLIENT",
				"10.0.0.1 50123 22", "SSH_CONNECTION", "10.0.0.1 50123 10.0.0.2 22"));
		assertThat(first).isEqualTo(second).isEqualTo(socket(environment()));
	}

	@Test
	void launchesFromDifferentWorkingDirectoriesReachDifferentAgents() {
		// Boot reads ./application.properties and ./config/ from the working directory
		assertThat(socket(environment(), "/work/one")).isNotEqualTo(socket(environment(), "/work/two"));
	}

	@Test
	void theAgentsFilesLiveInTheUsersDirectoryOfTheRuntimeDirectory() {
		assertThat(socket(environment()).getParent())
			.isEqualTo(this.runtime.resolve("acp-" + System.getProperty("user.name")));
	}

}

package dev.acp.spring.fastlaunch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link LaunchScript}: the script runs with a stand-in {@code java} that
 * prints the arguments it was given.
 *
 * @author ACP Spring Boot Starter contributors
 */
class LaunchScriptTests {

	private static final String JAR = "my-agent-1.0.jar";

	private static final String LAUNCHER_JAR = "acp-spring-boot-autoconfigure-0.1.0.jar";

	private static final String USER = System.getProperty("user.name");

	@TempDir
	Path dir;

	@Test
	void warmOffRunsTheAgentInTheScriptsProcessWithItsArchive() throws Exception {
		Path java = fakeJava("my java");
		Path script = write(
				new LaunchScript("my-agent", 17, java.toString(), JAR, LAUNCHER_JAR, true, ClassDataArchive.APP_CDS));
		List<String> expected = new ArrayList<>(List.of(java.toString()));
		expected.addAll(LaunchScript.AGENT_FLAGS);
		expected.addAll(LaunchScript.ARCHIVE_AT_ARCHIVED_ADDRESS);
		expected.addAll(List.of("-Dspring.aot.enabled=true", "-XX:SharedArchiveFile=" + this.dir + "/app.jsa", "-jar",
				this.dir + "/app/" + JAR, "--acp.x=a b"));
		assertThat(run(script, "off", "--acp.x=a b")).isEqualTo(expected);
	}

	@Test
	void byDefaultTheLauncherRelaysToAWarmAgentOfTheSameCommand() throws Exception {
		Path java = fakeJava("java");
		Path script = write(
				new LaunchScript("my-agent", 25, java.toString(), JAR, LAUNCHER_JAR, true, ClassDataArchive.AOT_CACHE));
		List<String> expected = new ArrayList<>(List.of(java.toString()));
		expected.addAll(LaunchScript.LAUNCHER_FLAGS);
		expected.addAll(LaunchScript.ARCHIVE_AT_ARCHIVED_ADDRESS);
		expected.addAll(List.of("-XX:AOTCache=" + this.dir + "/launcher.aot", "-cp",
				this.dir + "/app/lib/" + LAUNCHER_JAR, "dev.acp.spring.launcher.AcpLauncher", java.toString()));
		expected.addAll(LaunchScript.AGENT_FLAGS);
		expected.addAll(LaunchScript.ARCHIVE_AT_ARCHIVED_ADDRESS);
		expected.addAll(List.of("-Dspring.aot.enabled=true", "-XX:AOTCache=" + this.dir + "/app.aot", "-jar",
				this.dir + "/app/" + JAR, "--", "--status"));
		assertThat(run(script, null, "--status")).isEqualTo(expected);
	}

	@Test
	void theAgentRunsWithASmallYoungGeneration() throws Exception {
		Path script = warmScript();
		assertThat(run(script, "off")).contains("-Xmn4m");
	}

	@Test
	void upToJava25BothJvmsMapTheirArchivesAtTheArchivedAddressInsteadOfRelocatingThem() throws Exception {
		Path java = fakeJava("java");
		for (int version : List.of(17, 25)) {
			Path script = write(new LaunchScript("my-agent", version, java.toString(), JAR, LAUNCHER_JAR, true,
					ClassDataArchive.forJava(version)));
			List<String> launcher = run(script, null, "--status");
			int agent = launcher.indexOf("dev.acp.spring.launcher.AcpLauncher");
			assertThat(launcher.subList(0, agent)).containsSequence(LaunchScript.ARCHIVE_AT_ARCHIVED_ADDRESS);
			assertThat(launcher.subList(agent, launcher.size()))
				.containsSequence(LaunchScript.ARCHIVE_AT_ARCHIVED_ADDRESS);
			assertThat(run(script, "off")).containsSequence(LaunchScript.ARCHIVE_AT_ARCHIVED_ADDRESS);
		}
		Path script = write(
				new LaunchScript("my-agent", 26, java.toString(), JAR, LAUNCHER_JAR, true, ClassDataArchive.AOT_CACHE));
		assertThat(run(script, null, "--status")).doesNotContain("-XX:ArchiveRelocationMode=0");
	}

	@Test
	void withNoWarmAgentRunningTheScriptStartsTheAgentWhileTheLauncherStartsAndNamesItToTheLauncher() throws Exception {
		Path script = warmScript();
		Path runtime = Files.createDirectories(this.dir.resolve("runtime"));
		Process process = start(script, runtime, "--acp.x=a b");
		List<String> launcher = output(process);
		int agent = launcher.indexOf("dev.acp.spring.launcher.AcpLauncher") + 1;
		assertThat(launcher.get(agent)).startsWith("--pending=");
		long pending = Long.parseLong(launcher.get(agent).substring("--pending=".length()));
		ProcessHandle.of(pending).ifPresent((handle) -> handle.onExit().join());
		Path run = runtime.resolve("acp-" + USER);
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(run))).isEqualTo("rwx------");
		Path pendingFiles = run.resolve("pending/" + process.pid());
		List<String> expected = new ArrayList<>(launcher.subList(agent + 1, launcher.indexOf("--")));
		expected.addAll(List.of("--acp.x=a b", "--acp.transport=local", "--acp.local.socket=" + pendingFiles + ".sock",
				"--acp.local.pid-file=" + pendingFiles + ".pid",
				"--acp.local.failure-file=" + pendingFiles + ".failure"));
		assertThat(Files.readAllLines(Path.of(pendingFiles + ".log"))).isEqualTo(expected);
	}

	/**
	 * Two launches at once with no user directory yet: the one whose {@code mkdir} finds
	 * the directory just made by the other still starts its agent early (the directory's
	 * owner and permissions are checked either way), so whichever launcher takes the lock
	 * first has an agent to adopt.
	 */
	@Test
	void aScriptWhoseMkdirLosesTheRaceForTheUserDirectoryStillStartsTheAgentEarly() throws Exception {
		Path script = warmScript();
		Path runtime = Files.createDirectories(this.dir.resolve("runtime"));
		Path bin = Files.createDirectories(this.dir.resolve("bin"));
		Path mkdir = bin.resolve("mkdir");
		Files.writeString(mkdir, """
				#!/bin/sh
				case "$1" in
				  -p) exec /bin/mkdir "$@" ;;
				  *) /bin/mkdir "$@"; exit 1 ;;
				esac
				""");
		Files.setPosixFilePermissions(mkdir, PosixFilePermissions.fromString("rwx------"));
		Process process = start(script, runtime, Map.of("PATH", bin + ":" + System.getenv("PATH")));
		List<String> launcher = output(process);
		assertThat(launcher.get(launcher.indexOf("dev.acp.spring.launcher.AcpLauncher") + 1)).startsWith("--pending=");
	}

	@Test
	void whileAWarmAgentRunsForTheUserTheScriptLeavesTheStartToTheLauncher() throws Exception {
		Path script = warmScript();
		Path runtime = Files.createDirectories(this.dir.resolve("runtime"));
		Path run = userDirectory(runtime, "rwx------");
		Files.writeString(run.resolve("0123.pid"), Long.toString(ProcessHandle.current().pid()));
		assertThat(output(start(script, runtime))).noneMatch((arg) -> arg.startsWith("--pending"));
		assertThat(run.resolve("pending")).doesNotExist();
	}

	@Test
	void statusAndStopNeverStartAnAgent() throws Exception {
		Path script = warmScript();
		Path runtime = Files.createDirectories(this.dir.resolve("runtime"));
		for (String option : List.of("--status", "--stop")) {
			assertThat(output(start(script, runtime, option))).noneMatch((arg) -> arg.startsWith("--pending"));
		}
		assertThat(runtime.resolve("acp-" + USER + "/pending")).doesNotExist();
	}

	@Test
	void inADirectoryOthersCanOpenTheScriptStartsNoAgent() throws Exception {
		Path script = warmScript();
		Path runtime = Files.createDirectories(this.dir.resolve("runtime"));
		Path run = userDirectory(runtime, "rwxr-xr-x");
		assertThat(output(start(script, runtime))).noneMatch((arg) -> arg.startsWith("--pending"));
		assertThat(run.resolve("pending")).doesNotExist();
	}

	@Test
	void theSelfContainedScriptRunsTheBundledRuntime() throws Exception {
		Path java = this.dir.resolve("runtime/bin/java");
		Files.createDirectories(java.getParent());
		Files.move(fakeJava("java"), java);
		Path script = write(
				new LaunchScript("my-agent", 21, null, JAR, LAUNCHER_JAR, false, ClassDataArchive.APP_CDS_AUTO_CREATE));
		List<String> expected = new ArrayList<>(List.of(java.toString()));
		expected.addAll(LaunchScript.AGENT_FLAGS);
		expected.addAll(LaunchScript.ARCHIVE_AT_ARCHIVED_ADDRESS);
		expected.addAll(List.of("-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=" + this.dir + "/app.jsa",
				"-jar", this.dir + "/app/" + JAR));
		assertThat(run(script, "off")).isEqualTo(expected);
	}

	@Test
	void withoutAnArchiveNoArchiveOptionIsPassed() throws Exception {
		Path java = fakeJava("java");
		Path script = write(
				new LaunchScript("my-agent", 17, java.toString(), JAR, LAUNCHER_JAR, false, ClassDataArchive.NONE));
		assertThat(run(script, null)).noneMatch((arg) -> arg.startsWith("-XX:SharedArchiveFile")
				|| arg.startsWith("-XX:AOTCache") || arg.equals("-Dspring.aot.enabled=true"));
	}

	@Test
	void theScriptSaysWhatItIsAndHowToOptOut() {
		String text = new LaunchScript("my-agent", 17, "/jdk/bin/java", JAR, LAUNCHER_JAR, true,
				ClassDataArchive.APP_CDS)
			.text();
		assertThat(text).startsWith("#!/bin/sh\n# my-agent: the ACP agent over stdio, fast launch for Java 17")
			.contains("ACP_WARM=off runs the agent in this")
			.contains("java='/jdk/bin/java'");
	}

	@Test
	void aJarNameThatTheScriptWouldHaveToQuoteIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new LaunchScript("my-agent", 17, "/jdk/bin/java", "my agent$.jar", LAUNCHER_JAR, true,
					ClassDataArchive.APP_CDS))
			.withMessageContaining("'my agent$.jar'");
	}

	@Test
	void quotingKeepsSingleQuotes() {
		assertThat(LaunchScript.quote("/opt/it's/java")).isEqualTo("'/opt/it'\\''s/java'");
	}

	/** The script of a Java 17 agent with a fast launch and its class-data archive. */
	private Path warmScript() throws IOException {
		return write(new LaunchScript("my-agent", 17, fakeJava("java").toString(), JAR, LAUNCHER_JAR, true,
				ClassDataArchive.APP_CDS));
	}

	/**
	 * The user's directory of warm agents in {@code runtime}, with the given permissions.
	 */
	private static Path userDirectory(Path runtime, String permissions) throws IOException {
		return Files.createDirectory(runtime.resolve("acp-" + USER),
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions)));
	}

	private Path write(LaunchScript script) throws IOException {
		Path file = this.dir.resolve("my-agent");
		Files.writeString(file, script.text());
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
		return file;
	}

	private Path fakeJava(String name) throws IOException {
		Path java = this.dir.resolve(name);
		Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$0\" \"$@\"\n");
		Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
		return java;
	}

	private List<String> run(Path script, String warm, String... args) throws Exception {
		List<String> command = new ArrayList<>(List.of(script.toString()));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
		builder.environment().remove("ACP_WARM");
		// an agent the script starts early goes there, not to the user's own directory
		builder.environment().put("XDG_RUNTIME_DIR", Files.createDirectories(this.dir.resolve("runtime")).toString());
		if (warm != null) {
			builder.environment().put("ACP_WARM", warm);
		}
		Process process = builder.start();
		process.getOutputStream().close();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).isZero();
		return output.lines().toList();
	}

	private Process start(Path script, Path runtime, String... args) throws IOException {
		return start(script, runtime, Map.of(), args);
	}

	private Process start(Path script, Path runtime, Map<String, String> environment, String... args)
			throws IOException {
		List<String> command = new ArrayList<>(List.of(script.toString()));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
		builder.environment().remove("ACP_WARM");
		builder.environment().put("XDG_RUNTIME_DIR", runtime.toString());
		builder.environment().put("USER", USER);
		builder.environment().putAll(environment);
		Process process = builder.start();
		process.getOutputStream().close();
		return process;
	}

	private static List<String> output(Process process) throws Exception {
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).isZero();
		return output.lines().toList();
	}

}

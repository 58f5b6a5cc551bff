package dev.acp.demo;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter's jar mode on the demo jar, as the demo's build runs it after repackage
 * ({@code java -Djarmode=acp-fast-launch -jar acp-demo.jar}, writing
 * {@code target/fast-launch}): it writes a launcher that, run from another directory with
 * its class-data archives required, answers through a warm agent with protocol lines only
 * on standard output.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoFastLaunchIT {

	private static final JsonMapper json = JsonMapper.builder().build();

	@TempDir
	Path work;

	@Test
	void theJarModeWritesALauncherThatAnswersWithItsArchivesRequired() throws Exception {
		Path runtime = Files.createDirectories(this.work.resolve("runtime"));
		Path destination = fastLaunch(runtime);
		Path launcher = destination.resolve("acp-demo");
		assertThat(launcher).isExecutable();
		boolean aotCache = Runtime.version().feature() >= 25;
		String extension = aotCache ? ".aot" : ".jsa";
		assertThat(destination.resolve("app" + extension)).isNotEmptyFile();
		assertThat(destination.resolve("launcher" + extension)).isNotEmptyFile();

		Map<String, String> required = Map.of("XDG_RUNTIME_DIR", runtime.toString(), "JAVA_TOOL_OPTIONS",
				aotCache ? "-XX:AOTMode=on" : "-Xshare:on");
		String exchange = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}\n"
				+ "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\","
				+ "\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}\n";
		Path run = runtime.resolve("acp-" + System.getProperty("user.name"));
		List<Path> stdouts = List.of(this.work.resolve("stdout-1.txt"), this.work.resolve("stdout-2.txt"));
		try {
			// two launchers at once, with no warm agent: each script starts an agent
			// early,
			// one is adopted, the other launcher connects to it and stops its own
			List<Process> launchers = new ArrayList<>();
			for (Path stdout : stdouts) {
				launchers.add(start(List.of(launcher.toString()), required, stdout, exchange));
			}
			for (int i = 0; i < launchers.size(); i++) {
				Path stdout = stdouts.get(i);
				assertThat(launchers.get(i).waitFor(3, TimeUnit.MINUTES)).isTrue();
				assertThat(launchers.get(i).exitValue()).as(() -> errors(stdout)).isZero();
			}
			List<Path> sockets = list(run, ".sock");
			assertThat(sockets).hasSize(1);
			assertThat(Files.isSymbolicLink(sockets.get(0))).isTrue();
			assertThat(Files.readSymbolicLink(sockets.get(0))).startsWith(run.resolve("pending"));
			List<Path> pidFiles = list(run, ".pid");
			assertThat(pidFiles).hasSize(1);
			assertThat(ProcessHandle.of(Long.parseLong(Files.readString(pidFiles.get(0)).trim())))
				.hasValueSatisfying((agent) -> assertThat(agent.isAlive()).isTrue());
		}
		finally {
			run(List.of(launcher.toString(), "--stop"), required, this.work.resolve("stop.txt"), null);
		}
		for (Path stdout : stdouts) {
			List<JsonNode> messages = new ArrayList<>();
			for (String line : Files.readAllLines(stdout)) {
				JsonNode message = json.readTree(line);
				assertThat(message.path("jsonrpc").asString()).as(line).isEqualTo("2.0");
				messages.add(message);
			}
			assertThat(messages).hasSize(2);
			assertThat(messages.get(0).at("/result/agentInfo/name").asString()).isEqualTo("acp-demo");
			assertThat(messages.get(1).at("/result/sessionId").asString()).isNotEmpty();
		}
	}

	/**
	 * The fast launch the build wrote ({@code target/fast-launch}, by the jar mode after
	 * repackage), or, when the build skipped it ({@code -Dfast-launch.skip=true}), one
	 * the jar mode writes here.
	 */
	private Path fastLaunch(Path runtime) throws Exception {
		if (!Boolean.getBoolean("acp.demo.fast-launch.skip")) {
			return Paths.get(System.getProperty("acp.demo.fast-launch", "target/fast-launch")).toAbsolutePath();
		}
		Path destination = this.work.resolve("fast-launch");
		Path buildLog = this.work.resolve("build.log");
		int built = run(
				List.of(java(), "-Djarmode=acp-fast-launch", "-jar", DemoAgentProcess.demoJar().toString(),
						"--destination", destination.toString()),
				Map.of("XDG_RUNTIME_DIR", runtime.toString()), buildLog, null);
		assertThat(built).as(() -> errors(buildLog)).isZero();
		return destination;
	}

	private static List<Path> list(Path directory, String suffix) throws java.io.IOException {
		try (java.util.stream.Stream<Path> files = Files.list(directory)) {
			return files.filter((file) -> file.getFileName().toString().endsWith(suffix)).toList();
		}
	}

	private static int run(List<String> command, Map<String, String> environment, Path stdout, String input)
			throws Exception {
		Process process = start(command, environment, stdout, input);
		assertThat(process.waitFor(3, TimeUnit.MINUTES)).as(String.join(" ", command)).isTrue();
		return process.exitValue();
	}

	private static Process start(List<String> command, Map<String, String> environment, Path stdout, String input)
			throws Exception {
		ProcessBuilder builder = new ProcessBuilder(command).directory(Paths.get("/").toFile())
			.redirectOutput(stdout.toFile())
			.redirectError(ProcessBuilder.Redirect.appendTo(errorsOf(stdout).toFile()));
		builder.environment().putAll(environment);
		Process process = builder.start();
		try (OutputStream in = process.getOutputStream()) {
			if (input != null) {
				in.write(input.getBytes(StandardCharsets.UTF_8));
			}
		}
		return process;
	}

	private static String errors(Path stdout) {
		try {
			return Files.readString(errorsOf(stdout));
		}
		catch (java.io.IOException ex) {
			return ex.toString();
		}
	}

	private static Path errorsOf(Path stdout) {
		return stdout.resolveSibling(stdout.getFileName() + ".err");
	}

	private static String java() {
		return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
	}

}

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
 * The starter's jar mode on the demo jar, as an application's build runs it
 * ({@code java -Djarmode=acp-fast-launch -jar acp-demo.jar}): it writes a launcher that,
 * run from another directory with its class-data archives required, answers through a
 * warm agent with protocol lines only on standard output.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoFastLaunchIT {

	private static final JsonMapper json = JsonMapper.builder().build();

	@TempDir
	Path work;

	@Test
	void theJarModeWritesALauncherThatAnswersWithItsArchivesRequired() throws Exception {
		Path destination = this.work.resolve("fast-launch");
		Path runtime = Files.createDirectories(this.work.resolve("runtime"));
		Map<String, String> environment = Map.of("XDG_RUNTIME_DIR", runtime.toString());
		Path buildLog = this.work.resolve("build.log");
		int built = run(List.of(java(), "-Djarmode=acp-fast-launch", "-jar", DemoAgentProcess.demoJar().toString(),
				"--destination", destination.toString()), environment, buildLog, null);
		assertThat(built).as(() -> errors(buildLog)).isZero();
		Path launcher = destination.resolve("acp-demo");
		assertThat(launcher).isExecutable();
		boolean aotCache = Runtime.version().feature() >= 25;
		String extension = aotCache ? ".aot" : ".jsa";
		assertThat(destination.resolve("app" + extension)).isNotEmptyFile();
		assertThat(destination.resolve("launcher" + extension)).isNotEmptyFile();

		Map<String, String> required = Map.of("XDG_RUNTIME_DIR", runtime.toString(), "JAVA_TOOL_OPTIONS",
				aotCache ? "-XX:AOTMode=on" : "-Xshare:on");
		Path stdout = this.work.resolve("stdout.txt");
		try {
			int status = run(List.of(launcher.toString()), required, stdout,
					"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}\n"
							+ "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\","
							+ "\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}\n");
			assertThat(status).as(() -> errors(stdout)).isZero();
		}
		finally {
			run(List.of(launcher.toString(), "--stop"), required, this.work.resolve("stop.txt"), null);
		}
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

	private static int run(List<String> command, Map<String, String> environment, Path stdout, String input)
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
		assertThat(process.waitFor(3, TimeUnit.MINUTES)).as(String.join(" ", command)).isTrue();
		return process.exitValue();
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

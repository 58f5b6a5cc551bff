package dev.acp.spring.launcher;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AcpLauncher} whose agent fails to start: the launcher runs as a
 * process of its own, in front of a stand-in agent (a shell script) that, as the agent
 * does, writes its failure to {@code --acp.local.failure-file} and exits 1.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpLauncherStartFailureTests {

	private static final String FAILURE = "Failed to bind properties under 'acp.sessions.store' \"x\"\n\nAction:\nFix it";

	private static final JsonMapper json = JsonMapper.builder().build();

	@TempDir
	Path dir;

	private Path agent(String body) throws Exception {
		Path agent = this.dir.resolve("agent.sh");
		Files.writeString(agent, body);
		return agent;
	}

	private Path failingAgent() throws Exception {
		Path failure = this.dir.resolve("failure.txt");
		Files.writeString(failure, FAILURE);
		return agent("""
				for argument; do
				  case "$argument" in
				    --acp.local.failure-file=*) cp '%s' "${argument#*=}" ;;
				  esac
				done
				exit 1
				""".formatted(failure));
	}

	private Process launch(Path agent, String input) throws Exception {
		String classes = Path.of(AcpLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI())
			.toString();
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classes,
						AcpLauncher.class.getName(), "/bin/sh", agent.toString(), "--"));
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(this.dir.resolve("stderr").toFile());
		builder.environment().put("XDG_RUNTIME_DIR", Files.createDirectories(this.dir.resolve("runtime")).toString());
		Process process = builder.start();
		try (OutputStream in = process.getOutputStream()) {
			in.write(input.getBytes(StandardCharsets.UTF_8));
		}
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		return process;
	}

	private String stdout(Process process) throws Exception {
		String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(stdout).as(() -> "stderr: " + stderr()).isNotEmpty();
		return stdout;
	}

	private String stderr() {
		try {
			return Files.readString(this.dir.resolve("stderr"));
		}
		catch (Exception ex) {
			return ex.toString();
		}
	}

	@Test
	void theFirstInitializeIsAnsweredWithTheAgentsFailureAndNothingElse() throws Exception {
		Process launcher = launch(failingAgent(),
				"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}\n"
						+ "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{}}\n");
		assertThat(launcher.exitValue()).isOne();
		String stdout = stdout(launcher);
		assertThat(stdout).endsWith("\n");
		assertThat(stdout.lines()).hasSize(1);
		JsonNode answer = json.readTree(stdout);
		assertThat(answer.get("jsonrpc").asString()).isEqualTo("2.0");
		assertThat(answer.get("id").isIntegralNumber()).isTrue();
		assertThat(answer.get("id").asInt()).isZero();
		assertThat(answer.at("/error/code").asInt()).isEqualTo(-32603);
		assertThat(answer.at("/error/message").asString()).isEqualTo(FAILURE);
		assertThat(answer.properties()).hasSize(3);
		assertThat(Files.readString(this.dir.resolve("stderr"))).contains("exited with status 1 before it served");
	}

	@Test
	void aStringIdComesBackAsTheSameString() throws Exception {
		Process launcher = launch(failingAgent(),
				"{\"method\":\"initialize\",\"params\":{},\"jsonrpc\":\"2.0\",\"id\":\"0\"}\n");
		String stdout = stdout(launcher);
		JsonNode answer = json.readTree(stdout);
		assertThat(answer.get("id").isString()).isTrue();
		assertThat(answer.get("id").asString()).isEqualTo("0");
		assertThat(answer.at("/error/code").asInt()).isEqualTo(-32603);
	}

	@Test
	void anAgentThatSaysNothingIsReportedByItsExit() throws Exception {
		Process launcher = launch(agent("exit 3\n"),
				"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}\n");
		assertThat(launcher.exitValue()).isOne();
		JsonNode answer = json.readTree(stdout(launcher));
		assertThat(answer.get("id").asInt()).isEqualTo(5);
		assertThat(answer.at("/error/code").asInt()).isEqualTo(-32603);
		assertThat(answer.at("/error/message").asString()).startsWith("The agent failed to start: ")
			.contains("status 3");
	}

	@Test
	void aFirstLineThatIsNoInitializeIsNotAnswered() throws Exception {
		Process launcher = launch(failingAgent(), "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\"}\n");
		assertThat(launcher.exitValue()).isOne();
		assertThat(launcher.getInputStream().readAllBytes()).isEmpty();
	}

}

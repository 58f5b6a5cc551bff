package dev.acp.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo behind its launcher: a warm agent that serves each launcher as its own
 * connection, is started by the first one, never serves another build, keeps its socket
 * in a private directory and exits when idle; the launcher's standard output carries
 * protocol lines only, even when the agent dies under it.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoWarmAgentIT {

	private static final Duration TIMEOUT = Duration.ofSeconds(90);

	private static final String DRAIN = "--acp.stdio.drain-timeout=1s";

	@TempDir
	Path runtime;

	private final List<DemoAgentProcess> launchers = new ArrayList<>();

	@AfterEach
	void stopWarmAgents() throws Exception {
		for (DemoAgentProcess launcher : this.launchers) {
			launcher.close();
		}
		for (Path pidFile : files(".pid")) {
			long pid = Long.parseLong(Files.readString(pidFile).trim());
			ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
		}
	}

	private DemoAgentProcess launch(Path jar, String... args) throws Exception {
		return launch(jar, Map.of(), args);
	}

	private DemoAgentProcess launch(Path jar, Map<String, String> environment, String... args) throws Exception {
		DemoAgentProcess launcher = DemoAgentProcess.startLauncher(this.runtime, jar, environment, args);
		this.launchers.add(launcher);
		return launcher;
	}

	private List<Path> files(String suffix) throws IOException {
		Path directory = this.runtime.resolve("acp-" + System.getProperty("user.name"));
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter((file) -> file.toString().endsWith(suffix)).toList();
		}
	}

	private static String initialize(DemoAgentProcess launcher) throws Exception {
		launcher.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(launcher.next(TIMEOUT).at("/result/agentInfo/name").asString()).isEqualTo("acp-demo");
		launcher.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\","
				+ "\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}");
		return launcher.next(TIMEOUT).at("/result/sessionId").asString();
	}

	private static String prompt(int id, String sessionId, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

	private long warmAgentPid() throws IOException {
		List<Path> pidFiles = files(".pid");
		assertThat(pidFiles).hasSize(1);
		return Long.parseLong(Files.readString(pidFiles.get(0)).trim());
	}

	private static void assertProtocolLinesOnly(DemoAgentProcess launcher) {
		assertThat(launcher.stdoutLines())
			.allSatisfy((line) -> assertThat(DemoAgentProcess.mapper.readTree(line).get("jsonrpc").asString())
				.isEqualTo("2.0"));
	}

	@Test
	void twoLaunchersAtOnceAreTwoConnectionsOfOneWarmAgent() throws Exception {
		Path jar = DemoAgentProcess.demoJar();
		DemoAgentProcess first = launch(jar, DRAIN);
		String firstSession = initialize(first);
		DemoAgentProcess second = launch(jar, DRAIN);
		String secondSession = initialize(second);
		assertThat(secondSession).isNotEqualTo(firstSession);
		assertThat(files(".sock")).hasSize(1);
		long agent = warmAgentPid();
		first.send(prompt(2, firstSession, "hello"));
		assertThat(first.next(TIMEOUT).at("/params/update/content/text").asString()).isEqualTo("hello");
		assertThat(first.next(TIMEOUT).at("/result/stopReason").asString()).isEqualTo("end_turn");
		first.closeInput();
		second.closeInput();
		assertThat(first.awaitExit(TIMEOUT)).as(first::stderrQuietly).isZero();
		assertThat(second.awaitExit(TIMEOUT)).as(second::stderrQuietly).isZero();
		assertProtocolLinesOnly(first);
		assertProtocolLinesOnly(second);
		assertThat(ProcessHandle.of(agent).map(ProcessHandle::isAlive)).contains(true);
	}

	@Test
	void aV1AndAV2LauncherOfOneWarmAgentAreEachServedInTheirOwnVersion() throws Exception {
		Path jar = DemoAgentProcess.demoJar();
		String versions = "--acp.protocol.versions=1,2";
		DemoAgentProcess v1 = launch(jar, DRAIN, versions);
		String v1Session = initialize(v1);
		DemoAgentProcess v2 = launch(jar, DRAIN, versions);
		v2.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":2,"
				+ "\"info\":{\"name\":\"v2-launcher-client\",\"version\":\"1.0\"}}}");
		JsonNode initialized = v2.next(TIMEOUT);
		assertThat(initialized.at("/result/protocolVersion").asInt()).as(initialized.toString()).isEqualTo(2);
		assertThat(initialized.at("/result/info/name").asString()).isEqualTo("acp-demo");
		v2.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\"}}");
		String v2Session = v2.next(TIMEOUT).at("/result/sessionId").asString();
		assertThat(files(".sock")).hasSize(1);
		v2.send(prompt(2, v2Session, "hello"));
		List<JsonNode> turn = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			turn.add(v2.next(TIMEOUT));
		}
		assertThat(turn.get(2).at("/result/messageId").asString()).as(turn.toString())
			.isEqualTo(turn.get(1).at("/params/update/messageId").asString());
		assertThat(turn.get(3).at("/params/update/content/text").asString()).isEqualTo("hello");
		assertThat(turn.get(4).at("/params/update/state").asString()).isEqualTo("idle");
		assertThat(turn.get(4).at("/params/update/stopReason").asString()).isEqualTo("end_turn");
		v1.send(prompt(2, v1Session, "hello"));
		assertThat(v1.next(TIMEOUT).at("/params/update/content/text").asString()).isEqualTo("hello");
		assertThat(v1.next(TIMEOUT).at("/result/stopReason").asString()).isEqualTo("end_turn");
	}

	@Test
	void killingOneLauncherMidTurnCancelsOnlyItsOwnTurn() throws Exception {
		Path jar = DemoAgentProcess.demoJar();
		DemoAgentProcess first = launch(jar, DRAIN);
		String firstSession = initialize(first);
		DemoAgentProcess second = launch(jar, DRAIN);
		String secondSession = initialize(second);
		first.send(prompt(2, firstSession, "wait"));
		second.send(prompt(2, secondSession, "wait"));
		first.kill();
		long agent = warmAgentPid();
		// the killed launcher's connection ended (the agent drains it as at end of
		// input);
		// the other turn still waits for its own cancel
		second.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + secondSession
				+ "\"}}");
		JsonNode answer = second.next(TIMEOUT);
		assertThat(answer.get("id").asInt()).isEqualTo(2);
		assertThat(answer.at("/result/stopReason").asString()).isEqualTo("cancelled");
		second.send("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"_demo.acp/echo\",\"params\":{\"still\":\"here\"}}");
		assertThat(second.next(TIMEOUT).at("/result/params/still").asString()).isEqualTo("here");
		second.closeInput();
		assertThat(second.awaitExit(TIMEOUT)).isZero();
		assertProtocolLinesOnly(second);
		assertThat(ProcessHandle.of(agent).map(ProcessHandle::isAlive)).contains(true);
	}

	@Test
	void aWarmAgentOfAnotherBuildIsNotReused() throws Exception {
		Path jar = this.runtime.resolve("copy/acp-demo.jar");
		Files.createDirectories(jar.getParent());
		Files.copy(DemoAgentProcess.demoJar(), jar, StandardCopyOption.REPLACE_EXISTING);
		DemoAgentProcess first = launch(jar);
		initialize(first);
		first.closeInput();
		assertThat(first.awaitExit(TIMEOUT)).isZero();
		long oldBuild = warmAgentPid();
		Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 60_000));
		DemoAgentProcess second = launch(jar);
		initialize(second);
		assertThat(files(".sock")).hasSize(2);
		List<Long> pids = new ArrayList<>();
		for (Path pidFile : files(".pid")) {
			pids.add(Long.parseLong(Files.readString(pidFile).trim()));
		}
		assertThat(pids).hasSize(2).contains(oldBuild).doesNotHaveDuplicates();
	}

	@Test
	void theSocketLivesInADirectoryOnlyTheUserCanOpen() throws Exception {
		DemoAgentProcess launcher = launch(DemoAgentProcess.demoJar());
		initialize(launcher);
		Path directory = files(".sock").get(0).getParent();
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(directory))).isEqualTo("rwx------");
	}

	@Test
	void aDirectoryOthersCanOpenIsRefused() throws Exception {
		Path directory = this.runtime.resolve("acp-" + System.getProperty("user.name"));
		Files.createDirectory(directory,
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
		DemoAgentProcess launcher = launch(DemoAgentProcess.demoJar());
		assertThat(launcher.awaitExit(TIMEOUT)).isOne();
		assertThat(launcher.stdoutLines()).isEmpty();
		assertThat(launcher.stderr()).contains("is not a private directory");
		assertThat(files(".sock")).isEmpty();
	}

	@Test
	void aWarmAgentWithoutLaunchersExitsAfterItsIdleTime() throws Exception {
		DemoAgentProcess launcher = launch(DemoAgentProcess.demoJar(), "--acp.local.idle-timeout=1s");
		initialize(launcher);
		long agent = warmAgentPid();
		launcher.closeInput();
		assertThat(launcher.awaitExit(TIMEOUT)).isZero();
		ProcessHandle process = ProcessHandle.of(agent).orElseThrow();
		process.onExit().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		assertThat(files(".sock")).isEmpty();
		assertThat(files(".pid")).isEmpty();
	}

	@Test
	void whenTheWarmAgentDiesMidSessionTheLauncherExitsNonZeroWithProtocolLinesOnly() throws Exception {
		DemoAgentProcess launcher = launch(DemoAgentProcess.demoJar());
		String session = initialize(launcher);
		launcher.send(prompt(2, session, "wait"));
		ProcessHandle.of(warmAgentPid()).orElseThrow().destroyForcibly();
		assertThat(launcher.awaitExit(TIMEOUT)).isOne();
		assertProtocolLinesOnly(launcher);
		assertThat(launcher.stderr()).contains("the agent closed the connection");
	}

	@Test
	void whenTheWarmAgentFailsToStartTheFirstInitializeIsAnsweredWithTheFailureAndNothingElse() throws Exception {
		DemoAgentProcess launcher = launch(DemoAgentProcess.demoJar(), "--acp.sessions.store=nosuch");
		launcher.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}");
		assertThat(launcher.awaitExit(TIMEOUT)).isOne();
		assertThat(launcher.stdoutLines()).hasSize(1);
		JsonNode answer = DemoAgentProcess.mapper.readTree(launcher.stdoutLines().get(0));
		assertThat(answer.get("id").isIntegralNumber()).isTrue();
		assertThat(answer.get("id").asInt()).isZero();
		assertThat(answer.at("/error/code").asInt()).isEqualTo(-32603);
		assertThat(answer.at("/error/message").asString()).contains("acp.sessions.store").doesNotContain("\tat ");
		assertThat(launcher.stderr()).contains("before it served");
	}

	@Test
	void launchersWhoseEnvironmentsDifferReachDifferentWarmAgents() throws Exception {
		Path jar = DemoAgentProcess.demoJar();
		DemoAgentProcess first = launch(jar, Map.of("MY_DB_URL", "jdbc:h2:mem:one"), DRAIN);
		initialize(first);
		DemoAgentProcess second = launch(jar, Map.of("MY_DB_URL", "jdbc:h2:mem:two"), DRAIN);
		initialize(second);
		assertThat(files(".sock")).hasSize(2);
		assertThat(files(".pid")).hasSize(2);
	}

	@Test
	void statusAndStopManageTheWarmAgent() throws Exception {
		DemoAgentProcess launcher = launch(DemoAgentProcess.demoJar(), DRAIN);
		initialize(launcher);
		long agent = warmAgentPid();
		DemoAgentProcess status = launch(DemoAgentProcess.demoJar(), "--status", DRAIN);
		assertThat(status.awaitExit(TIMEOUT)).isZero();
		assertThat(String.join("\n", status.stdoutLines())).contains("running: pid " + agent).contains(".log");
		DemoAgentProcess stop = launch(DemoAgentProcess.demoJar(), "--stop", DRAIN);
		assertThat(stop.awaitExit(TIMEOUT)).isZero();
		assertThat(ProcessHandle.of(agent).map(ProcessHandle::isAlive).orElse(false)).isFalse();
		// the stopped agent drained the launcher's connection and closed it
		assertThat(launcher.awaitExit(TIMEOUT)).isOne();
		assertProtocolLinesOnly(launcher);
		assertThat(new String(Files.readAllBytes(files(".log").get(0)), StandardCharsets.UTF_8)).isNotEmpty();
	}

}

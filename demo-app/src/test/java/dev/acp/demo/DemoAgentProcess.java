package dev.acp.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The demo jar started as a subprocess, driven over its standard streams.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DemoAgentProcess implements AutoCloseable {

	static final JsonMapper mapper = JsonMapper.builder().build();

	/**
	 * The JVM flags the fast launch gives an agent (C1 only, serial GC): they halve the
	 * CPU time of a start, and the tests start the demo about sixty times.
	 */
	static final List<String> FAST_START_FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");

	private final Process process;

	private final OutputStream stdin;

	private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

	private final List<String> allLines = new ArrayList<>();

	private final Path stderr;

	private final Thread reader;

	private DemoAgentProcess(Process process, Path stderr, boolean read) {
		this.process = process;
		this.stdin = process.getOutputStream();
		this.stderr = stderr;
		this.reader = new Thread(this::readStdout, "demo-stdout");
		this.reader.setDaemon(true);
		if (read) {
			this.reader.start();
		}
	}

	static DemoAgentProcess start(String... args) throws IOException {
		return start(true, args);
	}

	/**
	 * Start the demo with Spring AI ({@code acp-demo-ai.jar}), for its {@code ai}
	 * profile.
	 */
	static DemoAgentProcess startAi(String... args) throws IOException {
		List<String> command = new ArrayList<>();
		command.add("-jar");
		command.add(System.getProperty("acp.demo.ai.jar", "target/acp-demo-ai.jar"));
		command.addAll(List.of(args));
		return start(true, command);
	}

	/**
	 * Start the agent with nobody reading its standard output, as a client that hangs.
	 */
	static DemoAgentProcess startUnread(String... args) throws IOException {
		return start(false, args);
	}

	/**
	 * Start the demo jar with one more source from the test classes (a runner, a
	 * listener), as an application of its own would have: Boot's
	 * {@code PropertiesLauncher} adds the test classes to the jar's class path and
	 * {@code spring.main.sources} registers the class.
	 */
	static DemoAgentProcess startWithSource(Class<?> source, String... args) throws IOException, URISyntaxException {
		String testClasses = Paths.get(source.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
		List<String> command = new ArrayList<>();
		command.add("-Dloader.path=" + testClasses);
		command.add("-cp");
		command.add(jar());
		command.add("org.springframework.boot.loader.launch.PropertiesLauncher");
		command.add("--spring.main.sources=" + source.getName());
		command.addAll(List.of(args));
		return start(true, command);
	}

	private static DemoAgentProcess start(boolean read, String... args) throws IOException {
		List<String> command = new ArrayList<>();
		command.add("-jar");
		command.add(jar());
		command.addAll(List.of(args));
		return start(read, command);
	}

	private static String jar() {
		return System.getProperty("acp.demo.jar", "target/acp-demo.jar");
	}

	/**
	 * Start the launcher of a warm agent ({@code AcpLauncher}) in front of the demo jar,
	 * as the fast launch does, with its runtime directory (where the warm agent's socket,
	 * pid file and log live) under {@code runtimeDirectory}.
	 */
	static DemoAgentProcess startLauncher(Path runtimeDirectory, Path agentJar, String... args)
			throws IOException, URISyntaxException {
		return startLauncher(runtimeDirectory, agentJar, Map.of(), args);
	}

	/**
	 * Start the launcher as {@link #startLauncher(Path, Path, String...)} does, with more
	 * environment variables.
	 */
	static DemoAgentProcess startLauncher(Path runtimeDirectory, Path agentJar, Map<String, String> environment,
			String... args) throws IOException, URISyntaxException {
		String launcher = Paths
			.get(dev.acp.spring.launcher.AcpLauncher.class.getProtectionDomain().getCodeSource().getLocation().toURI())
			.toString();
		// the agent with the fast launch's JVM flags, for a quicker cold start
		List<String> command = new ArrayList<>(List.of("-cp", launcher, "dev.acp.spring.launcher.AcpLauncher", java()));
		command.addAll(FAST_START_FLAGS);
		command.addAll(List.of("-jar", agentJar.toAbsolutePath().toString(), "--"));
		command.addAll(List.of(args));
		Map<String, String> launcherEnvironment = new HashMap<>(environment);
		launcherEnvironment.put("XDG_RUNTIME_DIR", runtimeDirectory.toString());
		return start(true, command, launcherEnvironment);
	}

	static Path demoJar() {
		return Paths.get(jar());
	}

	private static String java() {
		return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
	}

	private static DemoAgentProcess start(boolean read, List<String> javaArgs) throws IOException {
		return start(read, javaArgs, Map.of());
	}

	private static DemoAgentProcess start(boolean read, List<String> javaArgs, Map<String, String> environment)
			throws IOException {
		List<String> command = new ArrayList<>();
		command.add(java());
		command.addAll(FAST_START_FLAGS);
		command.addAll(javaArgs);
		Path stderr = Files.createTempFile("acp-demo", ".stderr");
		ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
		builder.environment().putAll(environment);
		Process process = builder.start();
		return new DemoAgentProcess(process, stderr, read);
	}

	private void readStdout() {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				synchronized (this.allLines) {
					this.allLines.add(line);
				}
				this.lines.add(line);
			}
		}
		catch (IOException ex) {
			// the process ended
		}
	}

	void send(String line) throws IOException {
		this.stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
		this.stdin.flush();
	}

	/** Write {@code text} (newline-terminated lines) at once. */
	void sendRaw(String text) throws IOException {
		this.stdin.write(text.getBytes(StandardCharsets.UTF_8));
		this.stdin.flush();
	}

	JsonNode next(Duration timeout) throws InterruptedException {
		String line = this.lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
		if (line == null) {
			throw new AssertionError("No message from the agent within " + timeout + "; stderr:\n" + stderrTail());
		}
		return mapper.readTree(line);
	}

	/**
	 * The next line of standard output as it is (logs included, when the agent does not
	 * serve stdio).
	 */
	String nextLine(Duration timeout) throws InterruptedException {
		String line = this.lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
		if (line == null) {
			throw new AssertionError("No output from the agent within " + timeout + "; stderr:\n" + stderrTail());
		}
		return line;
	}

	/**
	 * The port of a web transport, from the log line of the server's start, waiting at
	 * most {@code timeout} for it.
	 */
	int port(Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			Duration left = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
			Matcher started = STARTED.matcher(nextLine(left));
			if (started.find()) {
				return Integer.parseInt(started.group(1));
			}
		}
	}

	/** Kill the process at once (SIGKILL), as a crash or an editor's force quit would. */
	void kill() throws InterruptedException {
		this.process.destroyForcibly().waitFor();
	}

	void closeInput() throws IOException {
		this.stdin.close();
	}

	/**
	 * Close our end of the agent's standard output, as a client that died: the agent's
	 * next writes fail.
	 */
	void closeOutput() throws IOException {
		this.process.getInputStream().close();
	}

	long pid() {
		return this.process.pid();
	}

	/**
	 * Send SIGTERM the way an editor does, keeping our end of the pipes open
	 * ({@link Process#destroy()} would close them and break the agent's output).
	 */
	void terminate() throws IOException, InterruptedException {
		new ProcessBuilder("kill", "-TERM", Long.toString(this.process.pid())).inheritIO().start().waitFor();
	}

	int awaitExit(Duration timeout) throws InterruptedException {
		if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			throw new AssertionError("The agent did not exit within " + timeout);
		}
		if (this.reader.isAlive()) {
			this.reader.join(timeout.toMillis());
		}
		return this.process.exitValue();
	}

	List<String> stdoutLines() {
		synchronized (this.allLines) {
			return List.copyOf(this.allLines);
		}
	}

	String stderr() throws IOException {
		return Files.readString(this.stderr);
	}

	String stderrQuietly() {
		return stderrTail();
	}

	private String stderrTail() {
		try {
			String text = stderr();
			return text.substring(Math.max(0, text.length() - 4000));
		}
		catch (IOException ex) {
			return "(unreadable)";
		}
	}

	@Override
	public void close() throws IOException {
		this.process.destroyForcibly();
		Files.deleteIfExists(this.stderr);
	}

}

package dev.acp.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real HAProxy (Debian's {@code haproxy}) in front of demo instances, run in the
 * foreground on a free port of 127.0.0.1 with the configuration of docs/operations.md:
 * Streamable HTTP requests stick to the instance that answered their connection's
 * {@code initialize} (by {@code Acp-Connection-Id}), WebSocket upgrades and new
 * connections go round robin, and an instance whose {@code /actuator/health} fails is
 * taken out after two failed checks (about a second).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DemoHaProxy implements AutoCloseable {

	private static final String BACKEND = "agents";

	private final Process process;

	private final Path directory;

	private final int port;

	private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

	private final List<String> allLines = new ArrayList<>();

	private DemoHaProxy(Process process, Path directory, int port) {
		this.process = process;
		this.directory = directory;
		this.port = port;
		Thread reader = new Thread(this::readOutput, "haproxy-output");
		reader.setDaemon(true);
		reader.start();
	}

	/**
	 * The {@code haproxy} executable: on the {@code PATH}, else Debian's
	 * {@code /usr/sbin/haproxy}.
	 * @throws AssertionError when HAProxy is not installed
	 */
	static Path executable() {
		Stream<Path> onPath = Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
			.filter((entry) -> !entry.isEmpty())
			.map((entry) -> Paths.get(entry, "haproxy"));
		Optional<Path> found = Stream.concat(onPath, Stream.of(Paths.get("/usr/sbin/haproxy")))
			.filter(Files::isExecutable)
			.findFirst();
		return found.orElseThrow(() -> new AssertionError("HAProxy is not installed: this test runs a real one. "
				+ "Install Debian's haproxy package (apt-get install haproxy; .ci/run does it before the build)."));
	}

	/**
	 * Start HAProxy in front of the instances listening on {@code ports} of 127.0.0.1
	 * (servers {@code a}, {@code b}, ... in that order), and wait at most {@code timeout}
	 * until its first health check of each passed.
	 */
	static DemoHaProxy start(Duration timeout, int... ports) throws IOException, InterruptedException {
		Path executable = executable();
		Path directory = Files.createTempDirectory("acp-haproxy");
		int port = freePort();
		Path config = directory.resolve("haproxy.cfg");
		Files.writeString(config, config(port, ports));
		Process process = new ProcessBuilder(executable.toString(), "-db", "-f", config.toString())
			.redirectErrorStream(true)
			.start();
		DemoHaProxy balancer = new DemoHaProxy(process, directory, port);
		List<String> healthy = new ArrayList<>();
		for (int server = 0; server < ports.length; server++) {
			healthy.add("Health check for server " + BACKEND + "/" + name(server) + " succeeded");
		}
		balancer.await(healthy, timeout);
		return balancer;
	}

	/**
	 * The configuration of docs/operations.md, on 127.0.0.1: the balancer on
	 * {@code port}, the instances on {@code ports}.
	 */
	static String config(int port, int... ports) {
		StringBuilder servers = new StringBuilder();
		for (int server = 0; server < ports.length; server++) {
			servers.append("    server ").append(name(server)).append(" 127.0.0.1:").append(ports[server]).append('\n');
		}
		return """
				global
				    log stdout format raw local0 info

				defaults
				    mode http
				    log global
				    option httplog
				    option log-health-checks
				    timeout connect 2s
				    timeout client 1m
				    timeout server 1m
				    timeout tunnel 1h
				    retries 2
				    option redispatch

				frontend acp
				    bind 127.0.0.1:%d
				    default_backend %s

				backend %s
				    balance roundrobin
				    stick-table type string len 64 size 100k expire 24h
				    stick match req.hdr(Acp-Connection-Id)
				    stick store-response res.hdr(Acp-Connection-Id)
				    option httpchk GET /actuator/health
				    http-check expect status 200
				    timeout check 3s
				    default-server check inter 1s fastinter 250ms downinter 1s fall 2 rise 2
				%s""".formatted(port, BACKEND, BACKEND, servers);
	}

	/** The name of the server of the instance at {@code index} of the ports. */
	static String name(int index) {
		return String.valueOf((char) ('a' + index));
	}

	/** The balancer's ACP endpoint, of scheme {@code http} or {@code ws}. */
	URI endpoint(String scheme) {
		return URI.create(scheme + "://127.0.0.1:" + this.port + "/acp");
	}

	/**
	 * Wait at most {@code timeout} until HAProxy's health check took the server of the
	 * instance at {@code index} out.
	 */
	void awaitDown(int index, Duration timeout) throws InterruptedException {
		await(List.of("Server " + BACKEND + "/" + name(index) + " is DOWN"), timeout);
	}

	/**
	 * Wait at most {@code timeout} until HAProxy logged each of the texts, in any order.
	 */
	private void await(List<String> texts, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		List<String> missing = new ArrayList<>(texts);
		while (!missing.isEmpty()) {
			String line = this.lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			if (line == null) {
				throw new AssertionError("HAProxy did not log " + missing + " within " + timeout + "; its output:\n"
						+ String.join("\n", output()));
			}
			missing.removeIf(line::contains);
		}
	}

	private List<String> output() {
		synchronized (this.allLines) {
			return List.copyOf(this.allLines.subList(Math.max(0, this.allLines.size() - 40), this.allLines.size()));
		}
	}

	private void readOutput() {
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
			// HAProxy ended
		}
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	@Override
	public void close() throws IOException, InterruptedException {
		this.process.destroy();
		this.process.waitFor(10, TimeUnit.SECONDS);
		this.process.destroyForcibly();
		try (Stream<Path> files = Files.list(this.directory)) {
			files.forEach((file) -> {
				try {
					Files.delete(file);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
		Files.delete(this.directory);
	}

}

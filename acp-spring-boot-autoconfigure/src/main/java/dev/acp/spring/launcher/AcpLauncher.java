package dev.acp.spring.launcher;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * The thin launcher of a warm ACP agent: relays its standard input and output, as one ACP
 * connection, to an agent JVM already running for the same user and launch configuration
 * over a Unix domain socket, and starts that agent first when none runs. Only
 * {@code java.base}: it starts in tens of milliseconds.
 * <p>
 * Usage:
 * {@code AcpLauncher [--pending=<pid>] <agent command...> -- [--status | --stop] [agent arguments]}.
 * The agent command is the JVM, its flags and the jar; what follows {@code --} is what
 * the editor passed. {@code --pending} names the agent the launch script started, when it
 * found no warm agent, while this JVM started: the launcher adopts it as the warm agent,
 * or stops it when another launcher's agent serves already. Standard output carries the
 * agent's protocol lines only, each complete; when the agent goes away mid-session the
 * launcher says so on standard error and exits 1. When no agent can serve (it failed to
 * start, say), the editor's {@code initialize} is answered with a JSON-RPC error -32603
 * carrying the failure the agent wrote, as the agent in the editor's own process would
 * answer, and the launcher exits 1. End of input, or SIGTERM, ends this connection only:
 * the agent drains it and lives on, until it has had no connection for its idle time.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpLauncher {

	private static final List<String> OPTIONS = List.of("--status", "--stop");

	private static final String PENDING = "--pending=";

	/**
	 * How often a launcher waiting for its agent to serve checks that the agent still
	 * runs; the agent's serving wakes it at once (a file event).
	 */
	private static final long LIVENESS_CHECK_MILLIS = 250;

	private static final long START_TIMEOUT_MILLIS = TimeUnit.SECONDS.toMillis(120);

	private static final long DRAIN_WAIT_MILLIS = TimeUnit.SECONDS.toMillis(30);

	private final List<String> command;

	private final @Nullable String option;

	private final List<String> arguments;

	private final WarmAgent agent;

	/**
	 * The pid of the agent the launch script started before this JVM, or 0.
	 */
	private final long pending;

	private final PrintStream err = new PrintStream(new FileOutputStream(FileDescriptor.err), true,
			StandardCharsets.UTF_8);

	private volatile boolean inputEnded;

	/**
	 * Where the agent this launcher waits for writes why it failed to start.
	 */
	private @Nullable Path failureFile;

	/**
	 * Where {@code --status} and {@code --stop} report.
	 */
	private final PrintStream out;

	private AcpLauncher(List<String> command, List<String> arguments, long pending, PrintStream out) {
		this.command = command;
		this.out = out;
		this.pending = pending;
		boolean option = !arguments.isEmpty() && OPTIONS.contains(arguments.get(0));
		this.option = option ? arguments.get(0) : null;
		this.arguments = option ? arguments.subList(1, arguments.size()) : arguments;
		this.agent = WarmAgent.of(command, this.arguments, System.getenv(), System.getProperty("user.dir"));
	}

	/**
	 * Run the launcher.
	 * @param args {@code --pending=<pid>} when the launch script has started an agent
	 * already, the agent command, {@code --}, then the editor's arguments
	 */
	@SuppressWarnings("SystemOut") // the command line's own output: usage, status and
									// stop
	public static void main(String[] args) {
		List<String> all = List.of(args);
		long pending = 0;
		if (!all.isEmpty() && all.get(0).startsWith(PENDING)) {
			try {
				pending = Long.parseLong(all.get(0).substring(PENDING.length()));
			}
			catch (NumberFormatException ex) {
				// not a pid: no agent to adopt
			}
			all = all.subList(1, all.size());
		}
		int separator = all.indexOf("--");
		if (separator <= 0) {
			System.err
				.println("usage: AcpLauncher [--pending=<pid>] <agent command...> -- [--status | --stop | arguments]");
			System.exit(2);
		}
		AcpLauncher launcher = new AcpLauncher(all.subList(0, separator), all.subList(separator + 1, all.size()),
				pending, System.out);
		System.exit(launcher.run());
	}

	private int run() {
		try {
			if ("--status".equals(this.option)) {
				return status();
			}
			if ("--stop".equals(this.option)) {
				return stop();
			}
		}
		catch (IOException ex) {
			this.err.println("acp launcher: " + ex.getMessage());
			return 1;
		}
		SocketChannel channel;
		try {
			this.agent.privateDirectory();
			channel = connect();
		}
		catch (IOException ex) {
			return noAgent(ex.getMessage());
		}
		return relay(channel);
	}

	/**
	 * No agent serves: say why on standard error, and to the editor as the answer to its
	 * {@code initialize}.
	 */
	private int noAgent(@Nullable String reason) {
		this.err.println("acp launcher: " + reason);
		String failure = agentFailure();
		StartFailureAnswer.answer(new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out),
				(failure != null) ? failure : "The agent failed to start: " + reason);
		return 1;
	}

	/**
	 * What the agent wrote about its failure to start, once: the file goes.
	 * @return the failure, or {@code null}
	 */
	private @Nullable String agentFailure() {
		Path file = this.failureFile;
		if (file == null || !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
			return null;
		}
		try {
			String failure = Files.readString(file, StandardCharsets.UTF_8).strip();
			Files.delete(file);
			return failure.isEmpty() ? null : failure;
		}
		catch (IOException ex) {
			return null;
		}
	}

	private int status() throws IOException {
		Optional<ProcessHandle> running = runningAgent();
		if (running.isPresent()) {
			this.out.println("running: pid " + running.get().pid() + ", socket " + this.agent.socket() + ", log "
					+ this.agent.log());
			return 0;
		}
		this.out.println("not running (socket " + this.agent.socket() + ", log " + this.agent.log() + ")");
		return 3;
	}

	private int stop() throws IOException {
		Optional<ProcessHandle> running = runningAgent();
		if (running.isEmpty()) {
			this.out.println("not running");
			return 0;
		}
		ProcessHandle process = running.get();
		process.destroy();
		try {
			process.onExit().get(DRAIN_WAIT_MILLIS, TimeUnit.MILLISECONDS);
			this.out.println("stopped: pid " + process.pid());
			return 0;
		}
		catch (Exception ex) {
			this.err.println("acp launcher: pid " + process.pid() + " did not stop within "
					+ TimeUnit.MILLISECONDS.toSeconds(DRAIN_WAIT_MILLIS) + " s");
			return 1;
		}
	}

	private Optional<ProcessHandle> runningAgent() throws IOException {
		Path pidFile = this.agent.pidFile();
		if (!Files.isRegularFile(pidFile)) {
			return Optional.empty();
		}
		String pid = Files.readString(pidFile, StandardCharsets.US_ASCII).trim();
		try {
			return ProcessHandle.of(Long.parseLong(pid)).filter(ProcessHandle::isAlive);
		}
		catch (NumberFormatException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Connect to the warm agent, starting it first when none answers: the agent the
	 * launch script started for this launcher when there is one, or a new one. Under the
	 * lock, so that one agent serves a configuration however many launchers start at
	 * once; a launcher whose agent was not needed stops it.
	 */
	private SocketChannel connect() throws IOException {
		SocketChannel channel = tryConnect();
		if (channel != null) {
			discardPending();
			return channel;
		}
		try (FileChannel lockFile = FileChannel.open(this.agent.lock(), StandardOpenOption.CREATE,
				StandardOpenOption.WRITE); FileLock lock = lockFile.lock()) {
			channel = tryConnect();
			if (channel != null) {
				discardPending();
				return channel;
			}
			Optional<ProcessHandle> adopted = adoptPending();
			if (adopted.isPresent()) {
				this.failureFile = this.agent.pending(".failure");
				return awaitServing(adopted.get(), null, this.agent.pendingDirectory());
			}
			try (WatchService events = watch(this.agent.directory())) {
				Process process = startAgent();
				return awaitServing(process.toHandle(), process, events);
			}
		}
	}

	private SocketChannel awaitServing(ProcessHandle agent, @Nullable Process child, Path directory)
			throws IOException {
		try (WatchService events = watch(directory)) {
			return awaitServing(agent, child, events);
		}
	}

	private static WatchService watch(Path directory) throws IOException {
		WatchService events = directory.getFileSystem().newWatchService();
		directory.register(events, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
		return events;
	}

	/**
	 * Wait until the agent serves: tried again on every file event in its directory (it
	 * binds its socket, then writes its pid file), and its liveness checked meanwhile.
	 */
	private SocketChannel awaitServing(ProcessHandle agent, @Nullable Process child, WatchService events)
			throws IOException {
		long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
		while (System.nanoTime() < deadline) {
			SocketChannel channel = tryConnect();
			if (channel != null) {
				return channel;
			}
			if (!agent.isAlive()) {
				throw new IOException("the agent exited" + ((child != null) ? " with status " + exitStatus(child) : "")
						+ " before it served; see " + this.agent.log());
			}
			try {
				WatchKey key = events.poll(LIVENESS_CHECK_MILLIS, TimeUnit.MILLISECONDS);
				if (key != null) {
					key.pollEvents();
					key.reset();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				break;
			}
		}
		agent.destroy();
		throw new IOException(
				"the agent did not serve within " + START_TIMEOUT_MILLIS / 1000 + " s; see " + this.agent.log());
	}

	/**
	 * The status of an agent that has exited: {@link Process#exitValue()} may not know it
	 * yet when its {@link ProcessHandle} already says so.
	 */
	private static int exitStatus(Process child) {
		try {
			return child.waitFor();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return -1;
		}
	}

	/**
	 * Make the agent the launch script started for this launcher the warm agent of this
	 * configuration: the socket, pid file and log become links to its files, so that
	 * other launchers find it, and {@code --status} and {@code --stop} manage it. Not
	 * when it has exited or was started in another directory than this launcher's.
	 * @return the agent, when adopted
	 */
	private Optional<ProcessHandle> adoptPending() throws IOException {
		Optional<ProcessHandle> pending = pendingAgent();
		if (pending.isEmpty()) {
			return Optional.empty();
		}
		if (!Files.isRegularFile(this.agent.pending(".log"), LinkOption.NOFOLLOW_LINKS)) {
			discardPending();
			return Optional.empty();
		}
		link(this.agent.log(), this.agent.pending(".log"));
		link(this.agent.pidFile(), this.agent.pending(".pid"));
		link(this.agent.socket(), this.agent.pending(".sock"));
		return pending;
	}

	private Optional<ProcessHandle> pendingAgent() {
		return (this.pending > 0) ? ProcessHandle.of(this.pending).filter(ProcessHandle::isAlive) : Optional.empty();
	}

	/**
	 * Stop the agent the launch script started, when another agent serves or it cannot be
	 * adopted.
	 */
	private void discardPending() {
		pendingAgent().ifPresent(ProcessHandle::destroy);
	}

	/**
	 * Point {@code link} at {@code target}, replacing what was there in one step (another
	 * launcher may look at it meanwhile).
	 */
	private void link(Path link, Path target) throws IOException {
		removeLink(link);
		Path temporary = link.resolveSibling(link.getFileName() + ".new");
		Files.deleteIfExists(temporary);
		Files.createSymbolicLink(temporary, target);
		Files.move(temporary, link, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	/**
	 * Remove a link to an earlier adopted agent's file, and that file when it is in the
	 * pending directory (that agent no longer serves).
	 */
	private void removeLink(Path link) throws IOException {
		if (Files.isSymbolicLink(link)) {
			Path target = Files.readSymbolicLink(link);
			if (target.startsWith(this.agent.pendingDirectory())) {
				Files.deleteIfExists(target);
			}
			Files.delete(link);
		}
	}

	private @Nullable SocketChannel tryConnect() throws IOException {
		if (!Files.exists(this.agent.socket())) {
			return null;
		}
		SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
		try {
			channel.connect(UnixDomainSocketAddress.of(this.agent.socket()));
			return channel;
		}
		catch (IOException ex) {
			channel.close();
			return null;
		}
	}

	private Process startAgent() throws IOException {
		discardPending();
		removeLink(this.agent.log());
		removeLink(this.agent.pidFile());
		removeLink(this.agent.socket());
		Files.deleteIfExists(this.agent.socket());
		Files.deleteIfExists(this.agent.failure());
		this.failureFile = this.agent.failure();
		List<String> agentCommand = new ArrayList<>();
		Path setsid = Path.of("/usr/bin/setsid");
		if (Files.isExecutable(setsid)) {
			// its own session: a signal to the editor's process group does not reach it
			agentCommand.add(setsid.toString());
		}
		agentCommand.addAll(this.command);
		agentCommand.addAll(this.arguments);
		agentCommand.addAll(this.agent.agentArguments());
		ProcessBuilder builder = new ProcessBuilder(agentCommand)
			.redirectInput(ProcessBuilder.Redirect.from(nullFile()))
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.agent.log().toFile()))
			.redirectErrorStream(true);
		return builder.start();
	}

	private static java.io.File nullFile() {
		return new java.io.File("/dev/null");
	}

	/**
	 * Relay standard input to the agent and the agent's lines to standard output until
	 * the agent closes the connection.
	 */
	private int relay(SocketChannel channel) {
		// runnables as classes, not lambdas: a lambda's first use spins classes at
		// start-up
		Thread input = new Thread(new Runnable() {

			@Override
			public void run() {
				copyInput(channel);
			}

		}, "acp-launcher-input");
		input.setDaemon(true);
		input.start();
		Thread shutdown = new Thread(new Runnable() {

			@Override
			public void run() {
				endInput(channel);
			}

		}, "acp-launcher-sigterm");
		Runtime.getRuntime().addShutdownHook(shutdown);
		boolean complete = copyOutput(channel);
		try {
			Runtime.getRuntime().removeShutdownHook(shutdown);
		}
		catch (IllegalStateException ex) {
			// shutting down (SIGTERM): the hook waits for this thread
		}
		if (complete && this.inputEnded) {
			return 0;
		}
		this.err.println("acp launcher: the agent closed the connection"
				+ (complete ? "" : " in the middle of a message") + "; see " + this.agent.log());
		return 1;
	}

	private void copyInput(SocketChannel channel) {
		byte[] buffer = new byte[64 * 1024];
		InputStream in = new FileInputStream(FileDescriptor.in);
		try {
			int read;
			while ((read = in.read(buffer)) >= 0) {
				ByteBuffer bytes = ByteBuffer.wrap(buffer, 0, read);
				while (bytes.hasRemaining()) {
					channel.write(bytes);
				}
			}
		}
		catch (IOException ex) {
			// the agent went away: the output side reports it
		}
		endInput(channel);
	}

	/**
	 * End of this connection's input: the agent drains it, answers the rest -32800 and
	 * closes it. On SIGTERM this waits (bounded) for the answers to be written.
	 */
	private void endInput(SocketChannel channel) {
		this.inputEnded = true;
		try {
			channel.shutdownOutput();
		}
		catch (IOException ex) {
			// closed already
		}
		if (Thread.currentThread().getName().equals("acp-launcher-sigterm")) {
			long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DRAIN_WAIT_MILLIS);
			while (channel.isOpen() && System.nanoTime() < deadline) {
				sleep(10);
			}
		}
	}

	/**
	 * Copy the agent's output, whole lines only.
	 * @return whether it ended between lines
	 */
	private boolean copyOutput(SocketChannel channel) {
		OutputStream out = new FileOutputStream(FileDescriptor.out);
		ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
		try {
			while (channel.read(buffer) >= 0) {
				buffer.flip();
				int lastNewline = -1;
				for (int i = buffer.limit() - 1; i >= buffer.position(); i--) {
					if (buffer.get(i) == '\n') {
						lastNewline = i;
						break;
					}
				}
				if (lastNewline >= 0) {
					out.write(buffer.array(), buffer.position(), lastNewline + 1 - buffer.position());
					out.flush();
					buffer.position(lastNewline + 1);
				}
				buffer.compact();
				if (!buffer.hasRemaining()) {
					ByteBuffer larger = ByteBuffer.allocate(buffer.capacity() * 2);
					buffer.flip();
					larger.put(buffer);
					buffer = larger;
				}
			}
			return buffer.position() == 0;
		}
		catch (IOException ex) {
			return false;
		}
		finally {
			try {
				channel.close();
			}
			catch (IOException ex) {
				// closing
			}
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}

package dev.acp.spring.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.EnvVariable;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.TerminalExitStatus;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;

/**
 * Terminals as real processes of one connection: started in the session's working
 * directory (standard error merged into the output), the command run as given (through a
 * shell only when configured), output kept up to {@code outputByteLimit} bytes capped by
 * the client's own bound (the oldest dropped first, on a character boundary), at most a
 * bounded number at a time, killed with their session or connection together with every
 * process they started, background ones included ({@link ProcessTree}).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ProcessTerminals implements AcpClientTerminals {

	private static final long OUTPUT_DRAIN_MILLIS = 1000;

	private static final boolean WINDOWS = System.getProperty("os.name", "").toLowerCase().startsWith("windows");

	private final Map<String, Terminal> terminals = new ConcurrentHashMap<>();

	private final AtomicLong ids = new AtomicLong();

	private final AcpClientTerminals.Settings settings;

	private final Object creating = new Object();

	ProcessTerminals(AcpClientTerminals.Settings settings) {
		this.settings = settings;
	}

	@Override
	public CreateTerminalResponse create(CreateTerminalRequest request, AcpAgentSession session) {
		Path directory = (request.cwd() != null) ? ConfinedDirectory.confine(request.cwd(), session.cwd())
				: session.cwd();
		List<String> commandLine = commandLine(request);
		ProcessBuilder builder = new ProcessBuilder(ProcessTree.ownSession(commandLine)).directory(directory.toFile())
			.redirectErrorStream(true)
			.redirectInput(ProcessBuilder.Redirect.PIPE);
		if (request.env() != null) {
			for (EnvVariable variable : request.env()) {
				builder.environment().put(variable.name(), variable.value());
			}
		}
		long limit = (request.outputByteLimit() != null)
				? Math.min(Math.max(0, request.outputByteLimit()), this.settings.maxOutputBytes())
				: this.settings.maxOutputBytes();
		String id = "terminal-" + this.ids.incrementAndGet();
		Terminal terminal;
		synchronized (this.creating) {
			if (this.terminals.size() >= this.settings.maxTerminals()) {
				throw new AcpException(JsonRpcError.SERVER_BUSY, "Server busy",
						Map.of("message", "This client runs at most " + this.settings.maxTerminals()
								+ " terminals per connection at a time; release one first"));
			}
			terminal = new Terminal(request.sessionId(), start(builder, commandLine.get(0)), limit);
			this.terminals.put(id, terminal);
		}
		Thread reader = new Thread(terminal::read, "acp-terminal-" + id);
		reader.setDaemon(true);
		reader.start();
		return new CreateTerminalResponse(id);
	}

	private List<String> commandLine(CreateTerminalRequest request) {
		List<String> commandLine = new ArrayList<>();
		List<String> args = request.args();
		if ((args == null || args.isEmpty()) && this.settings.shell()
				&& request.command().chars().anyMatch(Character::isWhitespace)) {
			commandLine.addAll(WINDOWS ? List.of("cmd.exe", "/c") : List.of("/bin/sh", "-c"));
			commandLine.add(request.command());
		}
		else {
			commandLine.add(request.command());
			if (args != null) {
				commandLine.addAll(args);
			}
		}
		return commandLine;
	}

	private static Process start(ProcessBuilder builder, String command) {
		if (!ProcessTree.canStart(command, builder.directory().toPath(), builder.environment().get("PATH"))) {
			throw cannotStart();
		}
		try {
			Process process = builder.start();
			process.getOutputStream().close();
			return process;
		}
		catch (IOException ex) {
			throw cannotStart();
		}
	}

	private static AcpException cannotStart() {
		return new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params", List.of(Map.of("field", "command",
				"message", "could not be started: no such executable, or not allowed to run it")));
	}

	@Override
	public TerminalOutputResponse output(TerminalOutputRequest request) {
		Terminal terminal = terminal(request.sessionId(), request.terminalId());
		return terminal.output();
	}

	@Override
	public WaitForTerminalExitResponse waitForExit(WaitForTerminalExitRequest request) {
		Terminal terminal = terminal(request.sessionId(), request.terminalId());
		try {
			terminal.process.waitFor();
			terminal.awaitOutput();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AcpException(JsonRpcError.REQUEST_CANCELLED, "Request cancelled");
		}
		TerminalExitStatus status = terminal.exitStatus();
		return new WaitForTerminalExitResponse(status.exitCode(), status.signal());
	}

	@Override
	public void kill(KillTerminalRequest request) {
		terminal(request.sessionId(), request.terminalId()).kill();
	}

	@Override
	public void release(ReleaseTerminalRequest request) {
		Terminal terminal = terminal(request.sessionId(), request.terminalId());
		this.terminals.remove(request.terminalId(), terminal);
		terminal.kill();
	}

	@Override
	public void releaseSession(String sessionId) {
		this.terminals.entrySet().removeIf((entry) -> {
			if (entry.getValue().sessionId.equals(sessionId)) {
				entry.getValue().kill();
				return true;
			}
			return false;
		});
	}

	@Override
	public void releaseAll() {
		this.terminals.values().forEach(Terminal::kill);
		this.terminals.clear();
	}

	private Terminal terminal(String sessionId, String terminalId) {
		Terminal terminal = this.terminals.get(terminalId);
		if (terminal == null || !terminal.sessionId.equals(sessionId)) {
			throw new AcpException(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found",
					Map.of("terminalId", String.valueOf(terminalId)));
		}
		return terminal;
	}

	private static final class Terminal {

		private final String sessionId;

		private final Process process;

		private final int limit;

		private final Object lock = new Object();

		private final CountDownLatch outputEnded = new CountDownLatch(1);

		private byte[] buffer = new byte[0];

		private int length;

		private boolean truncated;

		Terminal(String sessionId, Process process, long limit) {
			this.sessionId = sessionId;
			this.process = process;
			this.limit = (int) Math.min(limit, Integer.MAX_VALUE - 65536);
		}

		void read() {
			byte[] chunk = new byte[8192];
			try (InputStream in = this.process.getInputStream()) {
				int read;
				while ((read = in.read(chunk)) != -1) {
					append(chunk, read);
				}
			}
			catch (IOException ex) {
				// the process was killed
			}
			finally {
				this.outputEnded.countDown();
			}
		}

		/**
		 * Wait, once the process exited, for the rest of its output (bounded: a child
		 * process may hold the output open).
		 * @throws InterruptedException if interrupted
		 */
		void awaitOutput() throws InterruptedException {
			this.outputEnded.await(OUTPUT_DRAIN_MILLIS, TimeUnit.MILLISECONDS);
		}

		private void append(byte[] chunk, int read) {
			synchronized (this.lock) {
				if (this.length + read > this.buffer.length) {
					byte[] grown = new byte[Math.max(this.length + read,
							Math.min(this.buffer.length * 2, this.limit + read))];
					System.arraycopy(this.buffer, 0, grown, 0, this.length);
					this.buffer = grown;
				}
				System.arraycopy(chunk, 0, this.buffer, this.length, read);
				this.length += read;
				int overflow = this.length - this.limit;
				if (overflow > 0) {
					System.arraycopy(this.buffer, overflow, this.buffer, 0, this.length - overflow);
					this.length -= overflow;
					this.truncated = true;
				}
			}
		}

		TerminalOutputResponse output() {
			boolean exited = !this.process.isAlive();
			if (exited) {
				try {
					awaitOutput();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			String output;
			boolean wasTruncated;
			synchronized (this.lock) {
				int start = 0;
				if (this.truncated) {
					while (start < this.length && (this.buffer[start] & 0xC0) == 0x80) {
						start++;
					}
				}
				output = new String(this.buffer, start, this.length - start, StandardCharsets.UTF_8);
				wasTruncated = this.truncated;
			}
			return new TerminalOutputResponse(output, wasTruncated, exited ? exitStatus() : null);
		}

		TerminalExitStatus exitStatus() {
			int code = this.process.exitValue();
			return new TerminalExitStatus(code, null);
		}

		void kill() {
			ProcessTree.end(this.process);
		}

	}

	/**
	 * Confinement of a terminal's own working directory.
	 */
	static final class ConfinedDirectory {

		private ConfinedDirectory() {
		}

		static Path confine(String requested, Path cwd) {
			Path path = Path.of(requested);
			Path resolved = (path.isAbsolute() ? path : cwd.resolve(path)).normalize();
			try {
				Path real = resolved.toRealPath();
				if (!real.startsWith(cwd.toRealPath())) {
					throw outside(requested);
				}
				return real;
			}
			catch (IOException ex) {
				throw new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params",
						List.of(Map.of("field", "cwd", "message", "does not exist")));
			}
		}

		private static AcpException outside(String requested) {
			return new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params", List.of(Map.of("field", "cwd",
					"message", "is outside the working directory of the session", "path", requested)));
		}

	}

}

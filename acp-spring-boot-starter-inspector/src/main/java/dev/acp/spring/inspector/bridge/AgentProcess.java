package dev.acp.spring.inspector.bridge;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The spawned agent: its command run as given (no shell), NDJSON lines written to its
 * standard input, its standard output and standard error read line by line (bounded) on
 * threads of their own, its exit reported after its output. Stopped the way editors stop
 * agents, with everything it started: input closed, then SIGTERM after a grace period,
 * then SIGKILL.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AgentProcess {

	/** The longest line of standard output (one JSON-RPC message): 16 MiB. */
	static final int MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

	/** The longest line of standard error kept; the rest of a longer one is dropped. */
	static final int MAX_STDERR_LINE_BYTES = 8 * 1024;

	private static final Log logger = LogFactory.getLog(AgentProcess.class);

	private static final Duration GRACE_PERIOD = Duration.ofSeconds(2);

	private final Process process;

	private final OutputStream input;

	private AgentProcess(Process process) {
		this.process = process;
		this.input = process.getOutputStream();
	}

	/**
	 * Start the agent.
	 * @param command the agent command
	 * @param listener receives what the agent writes, and its exit
	 * @return the running agent
	 * @throws IllegalStateException if the command cannot be started
	 */
	static AgentProcess start(AgentCommand command, Listener listener) {
		Process process;
		try {
			process = new ProcessBuilder(command.command()).start();
		}
		catch (IOException ex) {
			throw new IllegalStateException(
					"Could not start the agent command '" + command.display() + "': " + ex.getMessage(), ex);
		}
		logger.info("Started the agent '" + command.display() + "' (pid " + process.pid() + ")");
		AgentProcess agent = new AgentProcess(process);
		Thread output = thread("acp-inspector-agent-stdout", () -> agent.readOutput(listener));
		thread("acp-inspector-agent-stderr", () -> agent.readErrors(listener));
		thread("acp-inspector-agent-exit", () -> agent.awaitExit(output, listener));
		return agent;
	}

	private static Thread thread(String name, Runnable task) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		thread.start();
		return thread;
	}

	private void readOutput(Listener listener) {
		BoundedLineReader reader = new BoundedLineReader(this.process.getInputStream(), MAX_MESSAGE_BYTES);
		try {
			BoundedLineReader.Line line;
			while ((line = reader.next()) != null) {
				if (line.truncated()) {
					listener.outputTooLong();
				}
				else if (line.bytes().length > 0) {
					listener.outputLine(line.text());
				}
			}
		}
		catch (IOException ex) {
			logger.debug("The agent's standard output closed: " + ex.getMessage());
		}
	}

	private void readErrors(Listener listener) {
		BoundedLineReader reader = new BoundedLineReader(this.process.getErrorStream(), MAX_STDERR_LINE_BYTES);
		try {
			BoundedLineReader.Line line;
			while ((line = reader.next()) != null) {
				listener.errorLine(line.truncated() ? line.text() + "…" : line.text());
			}
		}
		catch (IOException ex) {
			logger.debug("The agent's standard error closed: " + ex.getMessage());
		}
	}

	private void awaitExit(Thread output, Listener listener) {
		try {
			int code = this.process.waitFor();
			output.join(GRACE_PERIOD.toMillis());
			logger.info("The agent exited with code " + code);
			listener.exited(code);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Write one line (one JSON-RPC message, without line ends) to the agent's standard
	 * input.
	 * @param line the line
	 * @throws IOException if the agent's input is closed
	 */
	synchronized void send(String line) throws IOException {
		this.input.write(line.getBytes(StandardCharsets.UTF_8));
		this.input.write('\n');
		this.input.flush();
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	ProcessHandle handle() {
		return this.process.toHandle();
	}

	/**
	 * End the agent and every process it started: its input closed, then SIGTERM after a
	 * grace period, then SIGKILL; returns once they have ended (each waited for a grace
	 * period at most).
	 */
	void stop() {
		List<ProcessHandle> descendants = new ArrayList<>(this.process.descendants().toList());
		try {
			this.input.close();
		}
		catch (IOException ex) {
			logger.debug("Closing the agent's input failed: " + ex.getMessage());
		}
		if (!exited(this.process.toHandle())) {
			descendants.addAll(this.process.descendants().toList());
			this.process.destroy();
			descendants.forEach(ProcessHandle::destroy);
			if (!exited(this.process.toHandle())) {
				logger.warn("The agent did not exit within " + GRACE_PERIOD + " of SIGTERM; sending SIGKILL");
				this.process.destroyForcibly();
			}
		}
		descendants.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
		descendants.forEach(AgentProcess::exited);
	}

	private static boolean exited(ProcessHandle handle) {
		try {
			handle.onExit().get(GRACE_PERIOD.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException | ExecutionException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/**
	 * Receives what the agent writes, and its exit, on the agent's threads.
	 */
	interface Listener {

		/**
		 * A line of standard output (one JSON-RPC message, not empty).
		 * @param line the line
		 */
		void outputLine(String line);

		/**
		 * A line of standard output over {@link #MAX_MESSAGE_BYTES}, dropped.
		 */
		void outputTooLong();

		/**
		 * A line of standard error, cut at {@link #MAX_STDERR_LINE_BYTES}.
		 * @param line the line
		 */
		void errorLine(String line);

		/**
		 * The agent exited.
		 * @param code its exit code
		 */
		void exited(int code);

	}

}

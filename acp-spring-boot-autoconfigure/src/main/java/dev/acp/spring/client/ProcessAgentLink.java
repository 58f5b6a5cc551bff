package dev.acp.spring.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.stdio.StdioTransport;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * An agent spawned as a process: NDJSON over its standard input and output, its standard
 * error to the log ({@code dev.acp.spring.client.agent.<name>}). Stopped the way editors
 * stop agents: input closed, then SIGTERM after a grace period, then SIGKILL.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ProcessAgentLink implements AgentLink {

	private static final Log logger = LogFactory.getLog(ProcessAgentLink.class);

	private static final Pattern WARNING = Pattern.compile("(?i)\\b(warn|warning|error|exception|fatal)\\b");

	private static final Duration EXIT_CODE_WAIT = Duration.ofSeconds(1);

	private final String name;

	private final Process process;

	private final StdioTransport transport;

	private final JsonRpcConnection connection;

	private final Duration gracePeriod;

	private ProcessAgentLink(String name, Process process, StdioTransport transport, JsonRpcConnection connection,
			Duration gracePeriod) {
		this.name = name;
		this.process = process;
		this.transport = transport;
		this.connection = connection;
		this.gracePeriod = gracePeriod;
	}

	static ProcessAgentLink spawn(String name, String command, List<String> args, Map<String, String> env,
			@Nullable Path workingDirectory, JsonRpcConnectionFactory factory, int maxMessageSize,
			Duration gracePeriod) {
		List<String> commandLine = new ArrayList<>();
		commandLine.add(command);
		commandLine.addAll(args);
		ProcessBuilder builder = new ProcessBuilder(commandLine);
		if (workingDirectory != null) {
			builder.directory(workingDirectory.toFile());
		}
		builder.environment().putAll(env);
		Process process;
		try {
			process = builder.start();
		}
		catch (IOException ex) {
			throw new AcpAgentClientException(
					"Could not start agent '" + name + "' (" + String.join(" ", commandLine) + "): " + ex.getMessage(),
					ex);
		}
		logger.debug("Started agent '" + name + "' (pid " + process.pid() + ")");
		Thread stderr = new Thread(() -> logStandardError(name, process), "acp-agent-" + name + "-stderr");
		stderr.setDaemon(true);
		stderr.start();
		StdioTransport transport = new StdioTransport("stdio", factory, process.getInputStream(),
				process.getOutputStream(), maxMessageSize, Duration.ofSeconds(1), Duration.ZERO, () -> {
				});
		JsonRpcConnection connection = transport.start();
		return new ProcessAgentLink(name, process, transport, connection, gracePeriod);
	}

	private static void logStandardError(String name, Process process) {
		Log log = LogFactory.getLog("dev.acp.spring.client.agent." + name);
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				if (WARNING.matcher(line).find()) {
					log.warn(line);
				}
				else {
					log.info(line);
				}
			}
		}
		catch (IOException ex) {
			log.debug("Standard error of the agent closed: " + ex.getMessage());
		}
	}

	@Override
	public JsonRpcConnection connection() {
		return this.connection;
	}

	@Override
	public CompletableFuture<?> terminated() {
		return this.process.onExit();
	}

	@Override
	public @Nullable Integer exitCode() {
		try {
			return this.process.waitFor(EXIT_CODE_WAIT.toMillis(), TimeUnit.MILLISECONDS) ? this.process.exitValue()
					: null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
	}

	@Override
	public void close() {
		try {
			this.process.getOutputStream().close();
		}
		catch (IOException ex) {
			logger.debug("Closing the input of agent '" + this.name + "' failed: " + ex.getMessage());
		}
		if (!awaitExit()) {
			logger.info("Agent '" + this.name + "' did not exit within " + this.gracePeriod
					+ " of its input closing; sending SIGTERM");
			List<ProcessHandle> descendants = this.process.descendants().toList();
			this.process.destroy();
			if (!awaitExit()) {
				logger.warn("Agent '" + this.name + "' did not exit within " + this.gracePeriod
						+ " of SIGTERM; sending SIGKILL");
				this.process.destroyForcibly();
				awaitExit();
			}
			descendants.forEach(ProcessHandle::destroyForcibly);
		}
		this.transport.stop();
	}

	private boolean awaitExit() {
		try {
			return this.process.waitFor(this.gracePeriod.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

}

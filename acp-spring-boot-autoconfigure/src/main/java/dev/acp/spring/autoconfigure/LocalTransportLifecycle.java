package dev.acp.spring.autoconfigure;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.local.LocalSocketTransport;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.SpringApplication;

/**
 * Runs a warm agent: once the application is ready it serves launchers on
 * {@code acp.local.socket} and writes its pid to {@code acp.local.pid-file}; when no
 * launcher has been connected for {@code acp.local.idle-timeout} it closes the context
 * and exits; on shutdown every connection drains, and the socket and pid file go while
 * they are still this agent's own.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class LocalTransportLifecycle extends ProcessTransportLifecycle {

	private static final Log logger = LogFactory.getLog(LocalTransportLifecycle.class);

	private final JsonRpcConnectionFactory connectionFactory;

	private final AcpLocalProperties properties;

	private final AcpStdioProperties framing;

	private final Path socket;

	private @Nullable LocalSocketTransport transport;

	private @Nullable String failure;

	LocalTransportLifecycle(JsonRpcConnectionFactory connectionFactory, AcpLocalProperties properties,
			AcpStdioProperties framing) {
		Path socket = properties.getSocket();
		if (socket == null) {
			throw new IllegalArgumentException("acp.local.socket must be set when acp.transport=local");
		}
		this.socket = socket;
		this.connectionFactory = connectionFactory;
		this.properties = properties;
		this.framing = framing;
	}

	@Override
	void serve() {
		if (this.transport != null) {
			return;
		}
		this.transport = new LocalSocketTransport(this.connectionFactory, this.socket,
				(int) Math.min(Integer.MAX_VALUE - 8, this.framing.getMaxLineLength().toBytes()),
				this.framing.getDrainTimeout(), this.framing.getSendTimeLimit());
		try {
			this.transport.start();
			writePid();
		}
		catch (IOException ex) {
			String failure = "Could not serve on " + this.socket + ": " + ex.getMessage();
			this.failure = failure;
			throw new UncheckedIOException(failure, ex);
		}
		LocalSocketTransport serving = this.transport;
		Thread idle = new Thread(() -> exitWhenIdle(serving), "acp-local-idle");
		idle.setDaemon(true);
		idle.start();
	}

	private void writePid() throws IOException {
		Path pidFile = this.properties.getPidFile();
		if (pidFile != null) {
			Files.writeString(pidFile, Long.toString(ProcessHandle.current().pid()), StandardCharsets.US_ASCII);
		}
	}

	private void exitWhenIdle(LocalSocketTransport serving) {
		try {
			if (serving.awaitIdle(this.properties.getIdleTimeout())) {
				logger.info("No launcher for " + this.properties.getIdleTimeout() + "; exiting");
				System.exit(SpringApplication.exit(context()));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	void stopServing() {
		if (this.transport != null) {
			this.transport.stop();
		}
		Path pidFile = this.properties.getPidFile();
		if (pidFile != null) {
			try {
				if (ownPid(pidFile)) {
					Files.delete(pidFile);
				}
			}
			catch (IOException ex) {
				logger.debug("Removing the pid file failed", ex);
			}
		}
	}

	/**
	 * Whether the pid file still names this process: a stale agent leaves the pid file of
	 * the agent that replaced it.
	 */
	private static boolean ownPid(Path pidFile) throws IOException {
		try {
			return Files.readString(pidFile, StandardCharsets.US_ASCII)
				.trim()
				.equals(Long.toString(ProcessHandle.current().pid()));
		}
		catch (NoSuchFileException ex) {
			return false;
		}
	}

	@Override
	public boolean isRunning() {
		return isStarted();
	}

	@Override
	public String transportName() {
		return "local";
	}

	@Override
	public synchronized State state() {
		if (this.failure != null) {
			return State.FAILED;
		}
		if (this.transport == null) {
			return isStarted() ? State.STARTING : State.STOPPED;
		}
		return this.transport.isRunning() ? State.SERVING : State.STOPPED;
	}

	@Override
	public synchronized @Nullable String failure() {
		return this.failure;
	}

	/**
	 * The transport, once serving.
	 * @return the transport or {@code null}
	 */
	public synchronized @Nullable LocalSocketTransport transport() {
		return this.transport;
	}

}

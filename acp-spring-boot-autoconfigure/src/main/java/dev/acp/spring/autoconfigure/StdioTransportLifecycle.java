package dev.acp.spring.autoconfigure;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.stdio.StdioStreams;
import dev.acp.spring.transport.stdio.StdioTransport;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.availability.ReadinessState;

/**
 * Starts the stdio transport once the application is ready
 * ({@link ReadinessState#ACCEPTING_TRAFFIC}: the context refreshed, every handler
 * discovered, every runner done), drains it when the context stops (shutdown, SIGTERM),
 * and closes the context, then exits the process with status 0, when standard input ends.
 * Until the application is ready nothing reads standard input, so that a start-up failure
 * is the client's answer to {@code initialize} ({@link AcpStdioStartupFailureReporter}),
 * never a success followed by silence.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class StdioTransportLifecycle extends ProcessTransportLifecycle {

	private final JsonRpcConnectionFactory connectionFactory;

	private final AcpStdioProperties properties;

	private @Nullable StdioTransport transport;

	StdioTransportLifecycle(JsonRpcConnectionFactory connectionFactory, AcpStdioProperties properties) {
		this.connectionFactory = connectionFactory;
		this.properties = properties;
	}

	@Override
	void serve() {
		if (this.transport != null) {
			return;
		}
		this.transport = new StdioTransport(this.connectionFactory, StdioStreams.protocolInput(),
				StdioStreams.protocolOutput(),
				(int) Math.min(Integer.MAX_VALUE - 8, this.properties.getMaxLineLength().toBytes()),
				this.properties.getDrainTimeout(), this.properties.getSendTimeLimit(), this::inputClosed);
		this.transport.start();
	}

	private void inputClosed() {
		SpringApplication.exit(context());
		if (this.properties.isExitOnClose()) {
			System.exit(0);
		}
	}

	@Override
	void stopServing() {
		if (this.transport != null) {
			this.transport.stop();
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return isStarted() && (this.transport == null || this.transport.isRunning());
	}

	@Override
	public String transportName() {
		return "stdio";
	}

	@Override
	public synchronized State state() {
		if (this.transport == null) {
			return State.STARTING;
		}
		if (this.transport.failure() != null) {
			return State.FAILED;
		}
		if (this.transport.isDraining()) {
			return State.DRAINING;
		}
		return this.transport.isRunning() ? State.SERVING : State.STOPPED;
	}

	@Override
	public synchronized @Nullable String failure() {
		return (this.transport != null) ? this.transport.failure() : null;
	}

	/**
	 * The transport, once started.
	 * @return the transport or {@code null}
	 */
	public synchronized @Nullable StdioTransport transport() {
		return this.transport;
	}

}

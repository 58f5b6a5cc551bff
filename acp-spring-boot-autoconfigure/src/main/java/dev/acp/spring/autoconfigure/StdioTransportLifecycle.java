package dev.acp.spring.autoconfigure;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.stdio.StdioStreams;
import dev.acp.spring.transport.stdio.StdioTransport;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

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
public class StdioTransportLifecycle implements AcpProcessTransport {

	private final JsonRpcConnectionFactory connectionFactory;

	private final AcpProperties.Stdio properties;

	private ConfigurableApplicationContext context;

	private StdioTransport transport;

	private boolean running;

	StdioTransportLifecycle(JsonRpcConnectionFactory connectionFactory, AcpProperties.Stdio properties) {
		this.connectionFactory = connectionFactory;
		this.properties = properties;
	}

	@Override
	public void setApplicationContext(ApplicationContext applicationContext) {
		this.context = (ConfigurableApplicationContext) applicationContext;
	}

	@Override
	public synchronized void start() {
		this.running = true;
	}

	@Override
	public void onApplicationEvent(AvailabilityChangeEvent<ReadinessState> event) {
		if (event.getState() == ReadinessState.ACCEPTING_TRAFFIC) {
			startTransport();
		}
	}

	private synchronized void startTransport() {
		if (!this.running || this.transport != null) {
			return;
		}
		this.transport = new StdioTransport(this.connectionFactory, StdioStreams.protocolInput(),
				StdioStreams.protocolOutput(),
				(int) Math.min(Integer.MAX_VALUE - 8, this.properties.getMaxLineLength().toBytes()),
				this.properties.getDrainTimeout(), this.properties.getSendTimeLimit(), this::inputClosed);
		this.transport.start();
	}

	private void inputClosed() {
		SpringApplication.exit(this.context);
		if (this.properties.isExitOnClose()) {
			System.exit(0);
		}
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		if (this.transport != null) {
			this.transport.stop();
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.running && (this.transport == null || this.transport.isRunning());
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
	public synchronized String failure() {
		return (this.transport != null) ? this.transport.failure() : null;
	}

	/**
	 * The transport, once started.
	 * @return the transport or {@code null}
	 */
	public synchronized StdioTransport transport() {
		return this.transport;
	}

}

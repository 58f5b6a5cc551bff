package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.function.Consumer;

import org.springframework.context.SmartLifecycle;

/**
 * Shuts a web transport down gracefully in the phase of the web server's graceful
 * shutdown (so within its time bound, and before the web server stops), on a thread of
 * its own so that transports drain in parallel.
 *
 * @author ACP Spring Boot Starter contributors
 */
abstract class GracefulShutdownLifecycle implements SmartLifecycle {

	/**
	 * The phase of Boot's web server graceful shutdown
	 * ({@code WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE}): it stops after the
	 * default phase and before the web server itself stops.
	 */
	static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 1024;

	private final String threadName;

	private final Consumer<Duration> shutdown;

	private final Duration drainTimeout;

	private volatile boolean running;

	private volatile boolean started;

	GracefulShutdownLifecycle(String threadName, Consumer<Duration> shutdown, Duration drainTimeout) {
		this.threadName = threadName;
		this.shutdown = shutdown;
		this.drainTimeout = drainTimeout;
	}

	@Override
	public void start() {
		this.running = true;
		this.started = true;
	}

	@Override
	public void stop() {
		try {
			this.shutdown.accept(this.drainTimeout);
		}
		finally {
			this.running = false;
		}
	}

	@Override
	public void stop(Runnable callback) {
		Thread thread = new Thread(() -> {
			try {
				stop();
			}
			finally {
				callback.run();
			}
		}, this.threadName);
		thread.setDaemon(true);
		thread.start();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	boolean isStarted() {
		return this.started;
	}

	@Override
	public int getPhase() {
		return PHASE;
	}

}

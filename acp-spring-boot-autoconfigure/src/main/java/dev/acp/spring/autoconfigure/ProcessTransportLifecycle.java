package dev.acp.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.SmartLifecycle;

/**
 * The transport of an agent process an editor spawns: standard input and output, either
 * its own ({@code stdio}) or relayed by launchers to a warm agent ({@code local}). It
 * serves once the application is ready ({@link ReadinessState#ACCEPTING_TRAFFIC}: the
 * context refreshed, every handler discovered, every runner done), so that a start-up
 * failure is the client's answer, never a success followed by silence. Chosen when the
 * bean is created, so that an application built with Spring AOT for stdio can also run as
 * a warm agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
abstract class ProcessTransportLifecycle implements SmartLifecycle, ApplicationContextAware,
		ApplicationListener<AvailabilityChangeEvent<ReadinessState>>, AcpTransportStatus {

	private @Nullable ConfigurableApplicationContext context;

	private boolean running;

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
			startServing();
		}
	}

	private synchronized void startServing() {
		if (this.running) {
			serve();
		}
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		stopServing();
	}

	/**
	 * Start serving, once (called with this lifecycle's lock held, while it runs).
	 */
	abstract void serve();

	/**
	 * Stop serving, draining what is in flight (called with this lifecycle's lock held).
	 */
	abstract void stopServing();

	/**
	 * Whether the lifecycle was started and not stopped.
	 * @return whether started
	 */
	final synchronized boolean isStarted() {
		return this.running;
	}

	final ConfigurableApplicationContext context() {
		ConfigurableApplicationContext context = this.context;
		if (context == null) {
			// Spring sets it before it starts the lifecycle, and nothing serves before
			throw new IllegalStateException("The application context is not set");
		}
		return context;
	}

}

package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.task.VirtualThreadTaskExecutor;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * The threads ACP handlers run on. Requests run on a bounded pool (virtual threads on
 * Java 21+ unless turned off, which lifts the cost of a waiting handler but not the
 * bound): at most {@code maxThreads} at once, then up to {@code queueCapacity} waiting,
 * and the pool refuses the rest at once so that the connection answers them busy. A
 * request goes to the thread idle for the shortest time, and threads start only as
 * requests run at once ({@link HandlerThreadPool}); a thread idle for
 * {@code acp.handlers.keep-alive} leaves. Ordered work (notifications, the start of
 * requests behind them) and answers to the agent's own requests run on a separate pool
 * that grows with the connections, so a saturated request pool never drops a notification
 * or holds back an answer a handler waits for. Deliberately not an
 * {@link java.util.concurrent.Executor} bean, which would replace Boot's task executor.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpHandlerThreads implements DisposableBean {

	private static final Log logger = LogFactory.getLog(AcpHandlerThreads.class);

	private final HandlerThreadPool requests;

	private final ExecutorService control;

	private final boolean virtual;

	private final int maxThreads;

	private @Nullable ScheduledExecutorService timer;

	AcpHandlerThreads(boolean virtual, int maxThreads, int queueCapacity, Duration keepAlive) {
		if (keepAlive.compareTo(Duration.ofMillis(1)) < 0) {
			throw new IllegalArgumentException("acp.handlers.keep-alive must be 1ms or more, not " + keepAlive);
		}
		this.virtual = virtual;
		this.maxThreads = maxThreads;
		this.requests = new HandlerThreadPool(threads(virtual, "acp-handler-"), maxThreads, queueCapacity, keepAlive,
				Full.INSTANCE);
		this.control = new ThreadPoolExecutor(0, Integer.MAX_VALUE, keepAlive.toNanos(), TimeUnit.NANOSECONDS,
				new SynchronousQueue<>(), threads(virtual, "acp-ordered-"));
	}

	/**
	 * The refusal of a full pool: one instance without a stack trace, as refusals come in
	 * floods and filling in a stack trace for each would slow the reading thread down.
	 */
	private static final class Full extends RejectedExecutionException {

		static final Full INSTANCE = new Full();

		private Full() {
			super("ACP handler threads and queue are full");
		}

		@Override
		public synchronized Throwable fillInStackTrace() {
			return this;
		}

	}

	private static ThreadFactory threads(boolean virtual, String prefix) {
		if (virtual) {
			return new VirtualThreadTaskExecutor(prefix).getVirtualThreadFactory();
		}
		CustomizableThreadFactory threads = new CustomizableThreadFactory(prefix);
		threads.setDaemon(true);
		return threads;
	}

	/**
	 * Whether handlers run on virtual threads.
	 * @return whether virtual
	 */
	public boolean isVirtual() {
		return this.virtual;
	}

	/**
	 * The most requests handled at once.
	 * @return the bound
	 */
	public int maxThreads() {
		return this.maxThreads;
	}

	/**
	 * The bounded executor requests run on; it throws
	 * {@link java.util.concurrent.RejectedExecutionException} when full.
	 * @return the executor
	 */
	public ExecutorService executor() {
		return this.requests;
	}

	/**
	 * The executor of ordered work and of answers to the agent's own requests.
	 * @return the executor
	 */
	public ExecutorService controlExecutor() {
		return this.control;
	}

	/**
	 * Run a task periodically on a daemon timer thread, stopped with the others. A run
	 * that fails is logged and the task runs again in its next period.
	 * @param task the task
	 * @param period the period
	 */
	synchronized void every(Duration period, Runnable task) {
		ScheduledExecutorService timer = this.timer;
		if (timer == null) {
			CustomizableThreadFactory threads = new CustomizableThreadFactory("acp-timer-");
			threads.setDaemon(true);
			timer = Executors.newSingleThreadScheduledExecutor(threads);
			this.timer = timer;
		}
		// the schedule's future is not needed: the task reports its own failures, and
		// destroy() stops it
		var unused = timer.scheduleAtFixedRate(() -> runLogged(task), period.toNanos(), period.toNanos(),
				TimeUnit.NANOSECONDS);
	}

	private static void runLogged(Runnable task) {
		try {
			task.run();
		}
		catch (RuntimeException ex) {
			logger.warn("A periodic task of the ACP handler threads failed; it runs again in its next period", ex);
		}
	}

	@Override
	public synchronized void destroy() {
		this.requests.shutdown();
		this.control.shutdown();
		if (this.timer != null) {
			this.timer.shutdownNow();
		}
	}

}

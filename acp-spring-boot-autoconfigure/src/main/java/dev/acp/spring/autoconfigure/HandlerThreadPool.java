package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded pool request handlers run on: a task goes to an idle thread when there is
 * one, a new thread starts only when none is idle (up to {@code maxThreads}), then tasks
 * wait (up to {@code queueCapacity}), and past that the pool refuses at once. A
 * {@link ThreadPoolExecutor} whose core size is its bound starts a thread per task until
 * it holds them all, and then hands each task to the thread idle longest: a connection
 * serving one request at a time cycles through every thread, each with a cold cache and a
 * stack of its own in memory. Here the pool holds about as many threads as requests ran
 * at once.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HandlerThreadPool extends ThreadPoolExecutor {

	private final AtomicInteger unfinished = new AtomicInteger();

	private final int maxThreads;

	private final int queueCapacity;

	/**
	 * Create a pool.
	 * @param threadFactory makes its threads
	 * @param maxThreads the most tasks running at once
	 * @param queueCapacity the most tasks waiting for a thread
	 * @param keepAlive how long an idle thread is kept
	 * @param full thrown when every thread is busy and the queue is full
	 */
	HandlerThreadPool(ThreadFactory threadFactory, int maxThreads, int queueCapacity, Duration keepAlive,
			RejectedExecutionException full) {
		super(0, maxThreads, keepAlive.toNanos(), TimeUnit.NANOSECONDS, new TaskQueue(), threadFactory,
				(task, pool) -> {
					throw full;
				});
		this.maxThreads = maxThreads;
		this.queueCapacity = queueCapacity;
		((TaskQueue) getQueue()).pool = this;
	}

	@Override
	public void execute(Runnable task) {
		this.unfinished.incrementAndGet();
		try {
			super.execute(task);
		}
		catch (RejectedExecutionException ex) {
			// the queue refused the task while the pool could grow, and other tasks took
			// the last threads before this one started a thread: it waits like them
			if (isShutdown() || !((TaskQueue) getQueue()).offerAtBound(task)) {
				this.unfinished.decrementAndGet();
				throw ex;
			}
		}
		catch (RuntimeException | Error ex) {
			this.unfinished.decrementAndGet();
			throw ex;
		}
	}

	@Override
	protected void beforeExecute(Thread thread, Runnable task) {
		// an interrupt meant for the last task on this thread (a late cancellation)
		// must not reach this one
		Thread.interrupted();
	}

	@Override
	protected void afterExecute(Runnable task, Throwable failure) {
		this.unfinished.decrementAndGet();
	}

	/**
	 * Whether a task offered now would find an idle thread.
	 */
	private boolean hasIdleThread() {
		return this.unfinished.get() <= getPoolSize();
	}

	/**
	 * The queue of tasks: it takes a task when a thread is idle to run it, and otherwise
	 * refuses it while the pool may grow, so that the pool starts a thread; at the bound
	 * it holds up to the queue capacity.
	 */
	private static final class TaskQueue extends LinkedBlockingQueue<Runnable> {

		private HandlerThreadPool pool;

		@Override
		public boolean offer(Runnable task) {
			HandlerThreadPool pool = this.pool;
			if (pool.hasIdleThread()) {
				return super.offer(task);
			}
			if (pool.getPoolSize() < pool.maxThreads) {
				return false;
			}
			return offerAtBound(task);
		}

		/**
		 * Queue a task as at the pool's bound: while fewer than the queue capacity wait.
		 */
		boolean offerAtBound(Runnable task) {
			return size() < this.pool.queueCapacity && super.offer(task);
		}

	}

}

package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.jspecify.annotations.Nullable;

/**
 * The bounded pool request handlers run on: a task goes to an idle thread when there is
 * one, a new thread starts only when none is idle (up to {@code maxThreads}), then tasks
 * wait (up to {@code queueCapacity}), and past that the pool refuses at once. A
 * {@link ThreadPoolExecutor} whose core size is its bound starts a thread per task until
 * it holds them all, and then hands each task to the thread idle longest: a connection
 * serving one request at a time cycles through every thread, each with a cold cache and a
 * stack of its own in memory. Here the pool holds about as many threads as requests ran
 * at once, and a task goes to the thread idle for the shortest time: the idle threads
 * wait in a stack, not in line, so that after a burst a trickle of tasks keeps running on
 * the same few threads and the others, idle past the keep-alive, leave. (Handed to the
 * thread idle longest, as a {@link LinkedBlockingQueue} does, one task every keep-alive
 * divided by the pool's size keeps every thread of a burst alive for good.)
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
	 * Wait until each of the threads waits for a task, for tests that must know which
	 * threads are idle before they hand one a task.
	 * @param threads the threads
	 * @param timeout the longest wait
	 * @return whether they all wait for a task
	 * @throws InterruptedException when interrupted while waiting
	 */
	boolean awaitIdle(Collection<Thread> threads, Duration timeout) throws InterruptedException {
		return ((TaskQueue) getQueue()).awaitIdle(threads, timeout.toNanos());
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

		private final ReentrantLock lock = new ReentrantLock();

		/** The threads waiting for a task, the one idle for the shortest time first. */
		private final Deque<Waiter> idle = new ArrayDeque<>();

		/** Signalled when a thread becomes idle. */
		private final Condition becameIdle = this.lock.newCondition();

		private @Nullable HandlerThreadPool pool;

		/**
		 * The pool: the queue is made before it and given to it by its constructor,
		 * before the pool can take a task.
		 */
		private HandlerThreadPool pool() {
			HandlerThreadPool pool = this.pool;
			if (pool == null) {
				throw new IllegalStateException("The queue belongs to no pool yet");
			}
			return pool;
		}

		@Override
		public boolean offer(Runnable task) {
			HandlerThreadPool pool = pool();
			if (pool.hasIdleThread()) {
				return handOff(task);
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
			return size() < pool().queueCapacity && handOff(task);
		}

		/**
		 * Queue a task and wake the thread idle for the shortest time.
		 */
		private boolean handOff(Runnable task) {
			this.lock.lock();
			try {
				if (!super.offer(task)) {
					return false;
				}
				Waiter waiter = this.idle.pollFirst();
				if (waiter != null) {
					waiter.woken = true;
					waiter.condition.signal();
				}
				return true;
			}
			finally {
				this.lock.unlock();
			}
		}

		/**
		 * Take a task, waiting up to the timeout on top of the stack of idle threads. A
		 * thread interrupted after it was woken needs not pass the wake-up on: the pool's
		 * worker polls again, and finds the task.
		 */
		@Override
		public Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
			long nanos = unit.toNanos(timeout);
			Waiter waiter = null;
			this.lock.lockInterruptibly();
			try {
				while (true) {
					Runnable task = super.poll();
					if (task != null || nanos <= 0) {
						return task;
					}
					if (waiter == null) {
						waiter = new Waiter(this.lock.newCondition());
					}
					waiter.woken = false;
					this.idle.addFirst(waiter);
					this.becameIdle.signalAll();
					try {
						// a spurious wake-up leaves it where it was in the stack
						while (!waiter.woken && nanos > 0) {
							nanos = waiter.condition.awaitNanos(nanos);
						}
					}
					finally {
						if (!waiter.woken) {
							this.idle.remove(waiter);
						}
					}
				}
			}
			finally {
				this.lock.unlock();
			}
		}

		boolean awaitIdle(Collection<Thread> threads, long nanos) throws InterruptedException {
			this.lock.lockInterruptibly();
			try {
				while (!this.idle.stream().map((waiter) -> waiter.thread).toList().containsAll(threads)) {
					if (nanos <= 0) {
						return false;
					}
					nanos = this.becameIdle.awaitNanos(nanos);
				}
				return true;
			}
			finally {
				this.lock.unlock();
			}
		}

		@Override
		public Runnable take() throws InterruptedException {
			return poll(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
		}

	}

	/**
	 * An idle thread waiting for a task, guarded by the queue's lock.
	 */
	private static final class Waiter {

		private final Condition condition;

		private final Thread thread = Thread.currentThread();

		/** Whether a task woke it (it is then off the stack already). */
		private boolean woken;

		Waiter(Condition condition) {
			this.condition = condition;
		}

	}

}

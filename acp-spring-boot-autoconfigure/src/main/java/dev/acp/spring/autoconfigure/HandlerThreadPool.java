package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bounded pool request handlers run on: a task goes to the thread that became idle
 * last, a new thread starts only when none is idle (up to {@code maxThreads}), then tasks
 * wait (up to {@code queueCapacity}), and past that the pool refuses at once. A
 * {@link java.util.concurrent.ThreadPoolExecutor} whose core size is its bound starts a
 * thread per task until it holds them all and then hands each task to the thread idle
 * longest: a connection serving one request at a time cycles through every thread, each
 * with a cold cache and a stack of its own in memory. Here sequential requests keep
 * running on one thread, and the pool holds as many threads as requests ran at once.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HandlerThreadPool extends AbstractExecutorService {

	private final ThreadFactory threadFactory;

	private final int maxThreads;

	private final int queueCapacity;

	private final long keepAliveNanos;

	private final RejectedExecutionException full;

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition changed = this.lock.newCondition();

	/** Idle workers, the one idle longest first. */
	private final ArrayDeque<Worker> idle = new ArrayDeque<>();

	private final ArrayDeque<Runnable> waiting = new ArrayDeque<>();

	private final List<Worker> workers = new ArrayList<>();

	private volatile boolean shutdown;

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
		this.threadFactory = threadFactory;
		this.maxThreads = maxThreads;
		this.queueCapacity = queueCapacity;
		this.keepAliveNanos = keepAlive.toNanos();
		this.full = full;
	}

	@Override
	public void execute(Runnable task) {
		if (task == null) {
			throw new NullPointerException("task");
		}
		Worker worker;
		this.lock.lock();
		try {
			if (this.shutdown) {
				throw new RejectedExecutionException("The ACP handler threads are shut down");
			}
			worker = this.idle.pollLast();
			if (worker != null) {
				worker.task = task;
			}
			else if (this.workers.size() < this.maxThreads) {
				worker = new Worker(task);
				this.workers.add(worker);
			}
			else if (this.waiting.size() < this.queueCapacity) {
				this.waiting.add(task);
				return;
			}
			else {
				throw this.full;
			}
		}
		finally {
			this.lock.unlock();
		}
		if (worker.thread != null) {
			LockSupport.unpark(worker.thread);
		}
		else {
			worker.start();
		}
	}

	/**
	 * Wait until at least {@code count} threads are idle.
	 * @param count the number of idle threads
	 * @param timeout the longest wait
	 * @return whether that many became idle in time
	 * @throws InterruptedException if interrupted while waiting
	 */
	boolean awaitIdle(int count, Duration timeout) throws InterruptedException {
		long left = timeout.toNanos();
		this.lock.lock();
		try {
			while (this.idle.size() < count) {
				if (left <= 0) {
					return false;
				}
				left = this.changed.awaitNanos(left);
			}
			return true;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * The threads the pool holds now, idle or busy.
	 * @return the number of threads
	 */
	int threads() {
		this.lock.lock();
		try {
			return this.workers.size();
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public void shutdown() {
		List<Worker> toWake;
		this.lock.lock();
		try {
			this.shutdown = true;
			toWake = new ArrayList<>(this.idle);
			this.changed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
		toWake.forEach((worker) -> LockSupport.unpark(worker.thread));
	}

	@Override
	public List<Runnable> shutdownNow() {
		List<Runnable> dropped;
		List<Worker> running;
		this.lock.lock();
		try {
			dropped = new ArrayList<>(this.waiting);
			this.waiting.clear();
			running = new ArrayList<>(this.workers);
		}
		finally {
			this.lock.unlock();
		}
		shutdown();
		for (Worker worker : running) {
			if (worker.thread != null) {
				worker.thread.interrupt();
			}
		}
		return dropped;
	}

	@Override
	public boolean isShutdown() {
		return this.shutdown;
	}

	@Override
	public boolean isTerminated() {
		this.lock.lock();
		try {
			return this.shutdown && this.workers.isEmpty();
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
		long left = unit.toNanos(timeout);
		this.lock.lock();
		try {
			while (!(this.shutdown && this.workers.isEmpty())) {
				if (left <= 0) {
					return false;
				}
				left = this.changed.awaitNanos(left);
			}
			return true;
		}
		finally {
			this.lock.unlock();
		}
	}

	private final class Worker implements Runnable {

		private volatile Runnable task;

		private Thread thread;

		Worker(Runnable first) {
			this.task = first;
		}

		void start() {
			Thread started;
			try {
				started = HandlerThreadPool.this.threadFactory.newThread(this);
			}
			catch (RuntimeException | Error ex) {
				exited();
				throw new RejectedExecutionException("Could not start an ACP handler thread", ex);
			}
			this.thread = started;
			started.start();
		}

		@Override
		public void run() {
			Runnable next = this.task;
			while (next != null) {
				// an interrupt meant for the last task (a late cancellation) must not
				// reach this one
				Thread.interrupted();
				try {
					next.run();
				}
				catch (Throwable ex) {
					Thread current = Thread.currentThread();
					current.getUncaughtExceptionHandler().uncaughtException(current, ex);
				}
				next = next();
			}
		}

		/**
		 * The next task: one waiting, else whatever {@code execute} hands this thread
		 * once it is idle; {@code null} when the pool shuts down or the thread idled
		 * longer than the keep-alive, and it then leaves the pool.
		 */
		private Runnable next() {
			ReentrantLock lock = HandlerThreadPool.this.lock;
			lock.lock();
			try {
				Runnable queued = HandlerThreadPool.this.waiting.poll();
				if (queued != null) {
					return queued;
				}
				this.task = null;
				if (HandlerThreadPool.this.shutdown) {
					removeLocked();
					return null;
				}
				HandlerThreadPool.this.idle.addLast(this);
				HandlerThreadPool.this.changed.signalAll();
			}
			finally {
				lock.unlock();
			}
			long deadline = System.nanoTime() + HandlerThreadPool.this.keepAliveNanos;
			while (true) {
				Runnable handed = this.task;
				if (handed != null) {
					return handed;
				}
				long left = deadline - System.nanoTime();
				if (left <= 0 || HandlerThreadPool.this.shutdown) {
					lock.lock();
					try {
						if (this.task != null) {
							return this.task;
						}
						HandlerThreadPool.this.idle.remove(this);
						removeLocked();
						return null;
					}
					finally {
						lock.unlock();
					}
				}
				LockSupport.parkNanos(this, left);
				Thread.interrupted();
			}
		}

		private void exited() {
			HandlerThreadPool.this.lock.lock();
			try {
				removeLocked();
			}
			finally {
				HandlerThreadPool.this.lock.unlock();
			}
		}

		private void removeLocked() {
			HandlerThreadPool.this.workers.remove(this);
			HandlerThreadPool.this.changed.signalAll();
		}

	}

}

package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link HandlerThreadPool}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class HandlerThreadPoolTests {

	private static final Duration WAIT = Duration.ofSeconds(10);

	private static final RejectedExecutionException FULL = new RejectedExecutionException("full");

	private final List<Throwable> uncaught = new ArrayList<>();

	private final CountDownLatch reported = new CountDownLatch(1);

	private final ThreadFactory threads = (task) -> {
		Thread thread = new Thread(task, "test-handler");
		thread.setDaemon(true);
		thread.setUncaughtExceptionHandler((t, ex) -> {
			synchronized (this.uncaught) {
				this.uncaught.add(ex);
			}
			this.reported.countDown();
		});
		return thread;
	};

	private HandlerThreadPool pool;

	@AfterEach
	void shutDown() {
		if (this.pool != null) {
			this.pool.shutdownNow();
		}
	}

	@Test
	void sequentialTasksStartAThreadOnlyWhenNoneIsIdle() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 256, 1024, WAIT, FULL);
		Set<Thread> ran = new HashSet<>();
		for (int i = 0; i < 100; i++) {
			ran.add(CompletableFuture.supplyAsync(Thread::currentThread, this.pool).get(10, TimeUnit.SECONDS));
		}
		// a task may come before the thread of the one before it is idle again, and
		// then starts another (on a loaded machine that happened 8 times in 100); a
		// pool that starts a thread per task until its bound (256) would have started
		// 100
		assertThat(ran).hasSizeLessThan(50);
		assertThat(this.pool.getLargestPoolSize()).isLessThan(50);
	}

	@Test
	void pastTheMostThreadsTasksWaitAndPastTheQueueTheyAreRefused() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 2, 1, WAIT, FULL);
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch running = new CountDownLatch(2);
		for (int i = 0; i < 2; i++) {
			this.pool.execute(() -> {
				running.countDown();
				await(release);
			});
		}
		assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
		CompletableFuture<String> waiting = CompletableFuture.supplyAsync(() -> "ran", this.pool);
		assertThatExceptionOfType(RejectedExecutionException.class).isThrownBy(() -> this.pool.execute(() -> {
		})).isSameAs(FULL);
		assertThat(waiting).isNotDone();
		release.countDown();
		assertThat(waiting.get(10, TimeUnit.SECONDS)).isEqualTo("ran");
		assertThat(this.pool.getLargestPoolSize()).isEqualTo(2);
	}

	@Test
	void tasksSubmittedAtOnceFromManyThreadsWaitInTheQueueWhenThePoolFillsUpUnderThem() throws Exception {
		// every submitter may see room for a thread, and all but the first few lose the
		// race to start one: their tasks must wait in the queue, not be refused
		for (int round = 0; round < 20; round++) {
			this.pool = new HandlerThreadPool(this.threads, 4, 10_000, WAIT, FULL);
			assertThat(submitAtOnce(32, 50)).isEmpty();
			assertThat(this.pool.getLargestPoolSize()).isEqualTo(4);
			this.pool.shutdownNow();
		}
	}

	/**
	 * Submit tasks from many threads started together; the tasks block until all are
	 * submitted, then each must run.
	 * @return what the submitters were refused
	 */
	private List<Throwable> submitAtOnce(int submitters, int tasksEach) throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch ran = new CountDownLatch(submitters * tasksEach);
		CyclicBarrier start = new CyclicBarrier(submitters);
		List<Throwable> refused = new CopyOnWriteArrayList<>();
		List<Thread> threads = new ArrayList<>();
		for (int i = 0; i < submitters; i++) {
			Thread thread = new Thread(() -> {
				try {
					start.await();
					for (int t = 0; t < tasksEach; t++) {
						this.pool.execute(() -> {
							await(release);
							ran.countDown();
						});
					}
				}
				catch (Exception ex) {
					refused.add(ex);
				}
			});
			threads.add(thread);
			thread.start();
		}
		for (Thread thread : threads) {
			thread.join(WAIT.toMillis());
		}
		release.countDown();
		if (refused.isEmpty()) {
			assertThat(ran.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
		}
		return refused;
	}

	@Test
	void anInterruptLeftByATaskDoesNotReachTheNextOnItsThread() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 1, 4, WAIT, FULL);
		AtomicReference<Thread> first = new AtomicReference<>();
		CompletableFuture.runAsync(() -> {
			first.set(Thread.currentThread());
			Thread.currentThread().interrupt();
		}, this.pool).get(10, TimeUnit.SECONDS);
		CompletableFuture<Boolean> interrupted = CompletableFuture.supplyAsync(() -> {
			assertThat(Thread.currentThread()).isSameAs(first.get());
			return Thread.currentThread().isInterrupted();
		}, this.pool);
		assertThat(interrupted.get(10, TimeUnit.SECONDS)).isFalse();
	}

	@Test
	void aTaskThatThrowsIsReportedAndTheNextRuns() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 1, 4, WAIT, FULL);
		this.pool.execute(() -> {
			throw new IllegalStateException("boom");
		});
		assertThat(this.reported.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(CompletableFuture.supplyAsync(() -> "next", this.pool).get(10, TimeUnit.SECONDS)).isEqualTo("next");
		synchronized (this.uncaught) {
			assertThat(this.uncaught).singleElement().extracting(Throwable::getMessage).isEqualTo("boom");
		}
	}

	@Test
	void anIdleThreadLeavesAfterTheKeepAlive() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 4, 0, Duration.ofMillis(1), FULL);
		AtomicReference<Thread> ran = new AtomicReference<>();
		CompletableFuture.runAsync(() -> ran.set(Thread.currentThread()), this.pool).get(10, TimeUnit.SECONDS);
		ran.get().join(10_000);
		assertThat(ran.get().isAlive()).isFalse();
		assertThat(this.pool.getPoolSize()).isZero();
	}

	@Test
	void afterABurstEachTaskOfATrickleGoesToTheThreadIdleForTheShortestTime() throws Exception {
		List<Thread> started = new CopyOnWriteArrayList<>();
		this.pool = new HandlerThreadPool(recording(started), 8, 0, WAIT, FULL);
		burst(8);
		assertThat(started).hasSize(8);
		awaitParked(started);
		Set<Thread> ran = new HashSet<>();
		for (int i = 0; i < 20; i++) {
			Thread thread = CompletableFuture.supplyAsync(Thread::currentThread, this.pool).get(10, TimeUnit.SECONDS);
			ran.add(thread);
			awaitParked(List.of(thread));
		}
		// handing each task to the thread idle longest would cycle through all eight,
		// and none would ever stay idle for its keep-alive
		assertThat(ran).hasSize(1);
	}

	@Test
	void afterABurstThePoolShrinksBackToTheThreadsATrickleNeedsOnceTheOthersAreIdlePastTheKeepAlive() throws Exception {
		List<Thread> started = new CopyOnWriteArrayList<>();
		this.pool = new HandlerThreadPool(recording(started), 8, 0, Duration.ofSeconds(1), FULL);
		burst(8);
		awaitParked(started);
		AtomicReference<Thread> trickling = new AtomicReference<>();
		CountDownLatch stop = new CountDownLatch(1);
		Thread trickle = new Thread(() -> {
			try {
				while (stop.getCount() > 0) {
					Thread thread = CompletableFuture.supplyAsync(Thread::currentThread, this.pool)
						.get(10, TimeUnit.SECONDS);
					trickling.set(thread);
					assertThat(this.pool.awaitIdle(List.of(thread), WAIT)).isTrue();
				}
			}
			catch (Exception ex) {
				trickling.set(null);
			}
		});
		trickle.start();
		try {
			long deadline = System.nanoTime() + WAIT.toNanos();
			for (Thread thread : started) {
				thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
			}
			// a task every few microseconds, each on the thread idle for the shortest
			// time, keeps one thread; handed to the thread idle longest, each would keep
			// all eight

			assertThat(started).filteredOn(Thread::isAlive).singleElement().isSameAs(trickling.get());
			assertThat(this.pool.getPoolSize()).isOne();
		}
		finally {
			stop.countDown();
			trickle.join(WAIT.toMillis());
		}
	}

	private ThreadFactory recording(List<Thread> started) {
		return (task) -> {
			Thread thread = this.threads.newThread(task);
			started.add(thread);
			return thread;
		};
	}

	/**
	 * Run tasks at once, each on a thread of its own, until all have started; then let
	 * them end.
	 */
	private void burst(int tasks) throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch running = new CountDownLatch(tasks);
		List<CompletableFuture<Void>> done = new ArrayList<>();
		for (int i = 0; i < tasks; i++) {
			done.add(CompletableFuture.runAsync(() -> {
				running.countDown();
				await(release);
			}, this.pool));
		}
		assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
		release.countDown();
		CompletableFuture.allOf(done.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
	}

	/**
	 * Wait until each thread is idle: parked in the pool's queue, waiting for a task.
	 */
	private void awaitParked(List<Thread> threads) throws InterruptedException {
		assertThat(this.pool.awaitIdle(threads, WAIT)).isTrue();
	}

	@Test
	void shutdownRunsWhatWaitsThenTerminatesAndRefusesNewTasks() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 1, 4, WAIT, FULL);
		CountDownLatch release = new CountDownLatch(1);
		this.pool.execute(() -> await(release));
		CompletableFuture<String> waiting = CompletableFuture.supplyAsync(() -> "ran", this.pool);
		this.pool.shutdown();
		assertThatExceptionOfType(RejectedExecutionException.class).isThrownBy(() -> this.pool.execute(() -> {
		}));
		assertThat(this.pool.isTerminated()).isFalse();
		release.countDown();
		assertThat(waiting.get(10, TimeUnit.SECONDS)).isEqualTo("ran");
		assertThat(this.pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
	}

	private static void await(CountDownLatch latch) {
		try {
			if (!latch.await(10, TimeUnit.SECONDS)) {
				throw new IllegalStateException("not released");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}

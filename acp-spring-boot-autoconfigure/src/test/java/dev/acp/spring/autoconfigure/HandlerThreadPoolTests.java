package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
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

	private final ThreadFactory threads = (task) -> {
		Thread thread = new Thread(task, "test-handler");
		thread.setDaemon(true);
		thread.setUncaughtExceptionHandler((t, ex) -> {
			synchronized (this.uncaught) {
				this.uncaught.add(ex);
			}
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
	void aTaskGoesToTheThreadIdleForTheShortestTime() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 8, 0, WAIT, FULL);
		List<CountDownLatch> releases = List.of(new CountDownLatch(1), new CountDownLatch(1), new CountDownLatch(1));
		List<CompletableFuture<Thread>> ran = new ArrayList<>();
		for (CountDownLatch release : releases) {
			ran.add(CompletableFuture.supplyAsync(() -> {
				await(release);
				return Thread.currentThread();
			}, this.pool));
		}
		for (int i = 0; i < releases.size(); i++) {
			releases.get(i).countDown();
			assertThat(this.pool.awaitIdle(i + 1, WAIT)).isTrue();
		}
		Thread idleLast = ran.get(2).get(10, TimeUnit.SECONDS);
		assertThat(CompletableFuture.supplyAsync(Thread::currentThread, this.pool).get(10, TimeUnit.SECONDS))
			.isSameAs(idleLast);
		assertThat(this.pool.threads()).isEqualTo(3);
	}

	@Test
	void sequentialTasksRunOnOneThread() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 256, 1024, WAIT, FULL);
		List<Thread> ran = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			ran.add(CompletableFuture.supplyAsync(Thread::currentThread, this.pool).get(10, TimeUnit.SECONDS));
			assertThat(this.pool.awaitIdle(1, WAIT)).isTrue();
		}
		assertThat(ran).containsOnly(ran.get(0));
		assertThat(this.pool.threads()).isOne();
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
		assertThat(this.pool.threads()).isEqualTo(2);
	}

	@Test
	void anInterruptLeftByATaskDoesNotReachTheNextOnItsThread() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 4, 0, WAIT, FULL);
		AtomicReference<Thread> first = new AtomicReference<>();
		CompletableFuture.runAsync(() -> {
			first.set(Thread.currentThread());
			Thread.currentThread().interrupt();
		}, this.pool).get(10, TimeUnit.SECONDS);
		assertThat(this.pool.awaitIdle(1, WAIT)).isTrue();
		CompletableFuture<Boolean> interrupted = CompletableFuture.supplyAsync(() -> {
			assertThat(Thread.currentThread()).isSameAs(first.get());
			return Thread.currentThread().isInterrupted();
		}, this.pool);
		assertThat(interrupted.get(10, TimeUnit.SECONDS)).isFalse();
	}

	@Test
	void aTaskThatThrowsIsReportedAndItsThreadServesTheNext() throws Exception {
		this.pool = new HandlerThreadPool(this.threads, 4, 0, WAIT, FULL);
		AtomicReference<Thread> first = new AtomicReference<>();
		this.pool.execute(() -> {
			first.set(Thread.currentThread());
			throw new IllegalStateException("boom");
		});
		assertThat(this.pool.awaitIdle(1, WAIT)).isTrue();
		assertThat(CompletableFuture.supplyAsync(Thread::currentThread, this.pool).get(10, TimeUnit.SECONDS))
			.isSameAs(first.get());
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
		assertThat(this.pool.threads()).isZero();
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

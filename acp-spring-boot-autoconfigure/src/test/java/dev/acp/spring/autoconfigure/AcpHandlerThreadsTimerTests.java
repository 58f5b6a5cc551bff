package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests the periodic tasks of {@link AcpHandlerThreads} (the expiry of requests runs on
 * them).
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpHandlerThreadsTimerTests {

	@Test
	void aPeriodicTaskWhoseRunFailsRunsAgainInItsNextPeriod() throws InterruptedException {
		AcpHandlerThreads threads = new AcpHandlerThreads(false, 2, 10, Duration.ofSeconds(1));
		try {
			CountDownLatch twoRuns = new CountDownLatch(2);
			AtomicBoolean failed = new AtomicBoolean();
			threads.every(Duration.ofMillis(10), () -> {
				twoRuns.countDown();
				if (failed.compareAndSet(false, true)) {
					throw new IllegalStateException("The first run fails");
				}
			});
			assertThat(twoRuns.await(10, TimeUnit.SECONDS)).isTrue();
		}
		finally {
			threads.destroy();
		}
	}

}

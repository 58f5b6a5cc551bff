package dev.acp.spring.transport.websocket;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link ConnectionSlots}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ConnectionSlotsTests {

	@Test
	void simultaneousTakesAtTheLastSlotsAdmitExactlyTheLimit() throws Exception {
		int threads = 16;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			for (int round = 0; round < 200; round++) {
				ConnectionSlots slots = new ConnectionSlots(5);
				CyclicBarrier start = new CyclicBarrier(threads);
				List<Future<Boolean>> takes = new ArrayList<>();
				for (int i = 0; i < threads; i++) {
					takes.add(pool.submit(() -> {
						start.await();
						return slots.tryTake();
					}));
				}
				int taken = 0;
				for (Future<Boolean> take : takes) {
					taken += take.get(10, TimeUnit.SECONDS) ? 1 : 0;
				}
				assertThat(taken).isEqualTo(5);
				assertThat(slots.taken()).isEqualTo(5);
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void aSlotGivenBackCanBeTakenAgainAndNoneIsGivenBackTwice() {
		ConnectionSlots slots = new ConnectionSlots(1);
		assertThat(slots.tryTake()).isTrue();
		assertThat(slots.tryTake()).isFalse();
		slots.giveBack();
		slots.giveBack();
		assertThat(slots.taken()).isZero();
		assertThat(slots.tryTake()).isTrue();
		assertThat(slots.tryTake()).isFalse();
	}

}

package dev.acp.spring.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.HistorySize;
import dev.acp.spring.protocol.SessionUpdate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests of {@link InMemoryAcpSessionStore}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class InMemoryAcpSessionStoreTests {

	private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));

	private final InMemoryAcpSessionStore store = new InMemoryAcpSessionStore(3, 4, Duration.ofMinutes(30), this.clock);

	private AcpSessionData session(String id, String cwd) {
		Instant now = this.clock.instant();
		return new AcpSessionData(id, cwd, List.of(), List.of(), null, null, Map.of(), Map.of(), now, now);
	}

	@Test
	void aSessionBeingEvictedIsStillFoundOrAlreadyMarkedEvictedSoThatAConnectionServingItKeepsIt() throws Exception {
		CountDownLatch marking = new CountDownLatch(1);
		CountDownLatch proceed = new CountDownLatch(1);
		EvictedSessionIds evicted = new EvictedSessionIds(1) {

			@Override
			void add(String sessionId) {
				marking.countDown();
				try {
					proceed.await(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				super.add(sessionId);
			}

		};
		InMemoryAcpSessionStore store = new InMemoryAcpSessionStore(1, 4,
				InMemoryAcpSessionStore.DEFAULT_MAX_HISTORY_SIZE, InMemoryAcpSessionStore.DEFAULT_MAX_SIZE,
				Duration.ofMinutes(30), this.clock, evicted);
		store.save(session("old", "/w"));
		Thread evictor = new Thread(() -> store.save(session("new", "/w")), "evictor");
		evictor.start();
		assertThat(marking.await(10, TimeUnit.SECONDS)).as("the eviction of the old session started").isTrue();
		try {
			boolean found = store.find("old") != null;
			assertThat(found || store.evicted("old"))
				.as("while being evicted, the old session is still found or already marked evicted")
				.isTrue();
		}
		finally {
			proceed.countDown();
			evictor.join(TimeUnit.SECONDS.toMillis(10));
		}
		assertThat(store.find("old")).isNull();
		assertThat(store.evicted("old")).isTrue();
	}

	private static SessionUpdate chunk(String text) {
		return new SessionUpdate.AgentMessageChunk(ContentBlock.text(text), null, null);
	}

	private List<String> history(String id) {
		List<String> texts = new ArrayList<>();
		this.store.replay(id, (update) -> texts
			.add(((ContentBlock.Text) ((SessionUpdate.AgentMessageChunk) update).content()).text()));
		return texts;
	}

	@Test
	void historyIsReplayedInTheOrderItWasAppended() {
		this.store.save(session("a", "/w"));
		this.store.append("a", List.of(chunk("1"), chunk("2")));
		this.store.append("a", List.of(chunk("3")));
		assertThat(history("a")).containsExactly("1", "2", "3");
	}

	@Test
	void historyBeyondTheBoundDropsTheOldestEntries() {
		this.store.save(session("a", "/w"));
		this.store.append("a", List.of(chunk("1"), chunk("2"), chunk("3")));
		this.store.append("a", List.of(chunk("4"), chunk("5"), chunk("6")));
		assertThat(history("a")).containsExactly("3", "4", "5", "6");
	}

	private static final long MB = 1024 * 1024;

	/**
	 * A chunk of {@code length} characters of text, starting with its marker.
	 */
	private static SessionUpdate bigChunk(String marker, int length) {
		return chunk(marker + " " + "x".repeat(length - marker.length() - 1));
	}

	private List<String> markers(InMemoryAcpSessionStore store, String id) {
		List<String> markers = new ArrayList<>();
		store.replay(id, (update) -> markers
			.add(((ContentBlock.Text) ((SessionUpdate.AgentMessageChunk) update).content()).text().split(" ")[0]));
		return markers;
	}

	@Test
	void historyBeyondTheByteBoundPerSessionDropsTheOldestEntriesAndReplaysTheNewestInOrder() {
		InMemoryAcpSessionStore bounded = new InMemoryAcpSessionStore(10, 10_000, MB, 64 * MB, Duration.ofMinutes(30),
				this.clock);
		bounded.save(session("a", "/w"));
		for (int i = 0; i < 20; i++) {
			bounded.append("a", List.of(bigChunk(Integer.toString(i), 200_000)));
			assertThat(bounded.historySize("a")).isLessThanOrEqualTo(MB);
		}
		assertThat(markers(bounded, "a")).containsExactly("15", "16", "17", "18", "19");
		assertThat(bounded.historySize()).isEqualTo(bounded.historySize("a"));
	}

	@Test
	void anEntryLargerThanTheBoundPerSessionIsNotKept() {
		InMemoryAcpSessionStore bounded = new InMemoryAcpSessionStore(10, 10_000, MB, 64 * MB, Duration.ofMinutes(30),
				this.clock);
		bounded.save(session("a", "/w"));
		bounded.append("a", List.of(bigChunk("0", 1000)));
		bounded.append("a", List.of(bigChunk("1", 2 * 1024 * 1024)));
		assertThat(markers(bounded, "a")).isEmpty();
		assertThat(bounded.historySize()).isZero();
		bounded.append("a", List.of(bigChunk("2", 1000)));
		assertThat(markers(bounded, "a")).containsExactly("2");
	}

	@Test
	void pastTheTotalByteBoundTheLeastRecentlyUsedSessionNoTurnHoldsIsEvicted() {
		InMemoryAcpSessionStore bounded = new InMemoryAcpSessionStore(10, 10_000, MB, 2 * MB, Duration.ofMinutes(30),
				this.clock);
		for (String id : List.of("a", "b", "c")) {
			bounded.save(session(id, "/w"));
			bounded.append(id, List.of(bigChunk(id, 600_000)));
			this.clock.advance(Duration.ofSeconds(1));
		}
		assertThat(bounded.claim("a", "turn", this.clock.instant().plus(Duration.ofMinutes(1)))).isTrue();
		bounded.save(session("d", "/w"));
		bounded.append("d", List.of(bigChunk("d", 600_000)));
		assertThat(bounded.find("b")).isNull();
		assertThat(bounded.evicted("b")).isTrue();
		assertThat(markers(bounded, "a")).containsExactly("a");
		assertThat(markers(bounded, "c")).containsExactly("c");
		assertThat(markers(bounded, "d")).containsExactly("d");
		assertThat(bounded.historySize()).isLessThanOrEqualTo(2 * MB)
			.isEqualTo(bounded.historySize("a") + bounded.historySize("c") + bounded.historySize("d"));
	}

	@Test
	void pastTheTotalByteBoundWithNoOtherSessionToEvictTheWrittenSessionsOldestEntriesGo() {
		InMemoryAcpSessionStore bounded = new InMemoryAcpSessionStore(10, 10_000, 16 * MB, MB, Duration.ofMinutes(30),
				this.clock);
		bounded.save(session("a", "/w"));
		for (int i = 0; i < 10; i++) {
			bounded.append("a", List.of(bigChunk(Integer.toString(i), 200_000)));
		}
		assertThat(bounded.historySize()).isLessThanOrEqualTo(MB).isEqualTo(bounded.historySize("a"));
		assertThat(markers(bounded, "a")).containsExactly("5", "6", "7", "8", "9");
	}

	@Test
	void deletingOrReplacingAnIdleSessionFreesItsHistoryBytes() {
		InMemoryAcpSessionStore bounded = new InMemoryAcpSessionStore(10, 10_000, MB, 2 * MB, Duration.ofMinutes(30),
				this.clock);
		bounded.save(session("a", "/w"));
		bounded.append("a", List.of(bigChunk("a", 100_000)));
		bounded.save(session("b", "/w"));
		bounded.append("b", List.of(bigChunk("b", 100_000)));
		assertThat(bounded.delete("a")).isTrue();
		assertThat(bounded.historySize()).isEqualTo(bounded.historySize("b")).isPositive();
		this.clock.advance(Duration.ofHours(1));
		bounded.save(session("b", "/w"));
		assertThat(bounded.historySize()).isZero();
	}

	@Test
	void saveKeepsTheHistoryAndFindSeesTheChangeAtOnce() {
		this.store.save(session("a", "/w"));
		this.store.append("a", List.of(chunk("1")));
		AcpSessionData data = this.store.find("a");
		this.store.save(new AcpSessionData("a", "/w", List.of(), List.of(), "Title", "ask", Map.of("model", "m1"),
				Map.of("k", "v"), data.createdAt(), data.updatedAt()));
		assertThat(this.store.find("a").title()).isEqualTo("Title");
		assertThat(this.store.find("a").attributes()).containsEntry("k", "v");
		assertThat(history("a")).containsExactly("1");
	}

	@Test
	void appendingSetsUpdatedAt() {
		this.store.save(session("a", "/w"));
		this.clock.advance(Duration.ofSeconds(5));
		this.store.append("a", List.of(chunk("1")));
		assertThat(this.store.find("a").updatedAt()).isEqualTo(this.clock.instant());
	}

	@Test
	void appendingToAnUnknownSessionDoesNothing() {
		this.store.append("nope", List.of(chunk("1")));
		assertThat(this.store.find("nope")).isNull();
		assertThat(history("nope")).isEmpty();
	}

	@Test
	void listsTheMostRecentlyUpdatedFirstPageByPage() {
		this.store.save(session("a", "/w"));
		this.clock.advance(Duration.ofSeconds(1));
		this.store.save(session("b", "/w"));
		this.clock.advance(Duration.ofSeconds(1));
		this.store.save(session("c", "/w"));
		this.clock.advance(Duration.ofSeconds(1));
		this.store.append("a", List.of(chunk("1")));
		AcpSessionPage first = this.store.list(null, null, null, 2);
		assertThat(first.sessions()).extracting(AcpSessionData::sessionId).containsExactly("a", "c");
		assertThat(first.nextCursor()).isNotNull();
		AcpSessionPage second = this.store.list(null, null, first.nextCursor(), 2);
		assertThat(second.sessions()).extracting(AcpSessionData::sessionId).containsExactly("b");
		assertThat(second.nextCursor()).isNull();
	}

	@Test
	void sessionsUpdatedAtTheSameInstantArePagedWithoutLossOrRepeat() {
		this.store.save(session("a", "/w"));
		this.store.save(session("b", "/w"));
		this.store.save(session("c", "/w"));
		List<String> seen = new ArrayList<>();
		String cursor = null;
		do {
			AcpSessionPage page = this.store.list(null, null, cursor, 1);
			page.sessions().forEach((data) -> seen.add(data.sessionId()));
			cursor = page.nextCursor();
		}
		while (cursor != null);
		assertThat(seen).containsExactly("a", "b", "c");
	}

	@Test
	void listFiltersByWorkingDirectory() {
		this.store.save(session("a", "/one"));
		this.store.save(session("b", "/two"));
		assertThat(this.store.list(null, "/two", null, 10).sessions()).extracting(AcpSessionData::sessionId)
			.containsExactly("b");
	}

	@Test
	void aCursorNotGivenByTheStoreIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, null, "not-a-cursor", 10));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.list(null, null, "bTE6eDp5Og", 10));
	}

	@Test
	void aCursorGivenByAnotherInMemoryStoreIsRefused() {
		InMemoryAcpSessionStore other = new InMemoryAcpSessionStore(3, 4, Duration.ofMinutes(30), this.clock);
		for (String id : List.of("a", "b")) {
			this.store.save(session(id, "/w"));
			other.save(session(id, "/w"));
		}
		String cursor = this.store.list(null, null, null, 1).nextCursor();
		assertThatIllegalArgumentException().isThrownBy(() -> other.list(null, null, cursor, 1));
		assertThat(this.store.list(null, null, cursor, 1).sessions()).extracting(AcpSessionData::sessionId)
			.containsExactly("b");
	}

	@Test
	void idleSessionsAreForgotten() {
		this.store.save(session("a", "/w"));
		this.store.save(session("b", "/w"));
		this.clock.advance(Duration.ofMinutes(20));
		this.store.find("b");
		this.clock.advance(Duration.ofMinutes(15));
		assertThat(this.store.find("a")).isNull();
		assertThat(this.store.find("b")).isNotNull();
		assertThat(this.store.list(null, null, null, 10).sessions()).extracting(AcpSessionData::sessionId)
			.containsExactly("b");
	}

	@Test
	void aNewSessionBeyondTheBoundEvictsTheLeastRecentlyUsedUnclaimedOne() {
		this.store.save(session("a", "/w"));
		this.store.claim("a", "owner", this.clock.instant().plusSeconds(60));
		this.clock.advance(Duration.ofSeconds(1));
		this.store.save(session("b", "/w"));
		this.clock.advance(Duration.ofSeconds(1));
		this.store.save(session("c", "/w"));
		this.clock.advance(Duration.ofSeconds(1));
		this.store.save(session("d", "/w"));
		assertThat(this.store.size()).isEqualTo(3);
		assertThat(this.store.find("a")).isNotNull();
		assertThat(this.store.find("b")).isNull();
		assertThat(this.store.find("d")).isNotNull();
	}

	@Test
	void aClaimHoldsOffOtherOwnersUntilReleasedOrLapsed() {
		this.store.save(session("a", "/w"));
		Instant until = this.clock.instant().plusSeconds(60);
		assertThat(this.store.claim("a", "one", until)).isTrue();
		assertThat(this.store.claim("a", "one", until.plusSeconds(60))).isTrue();
		assertThat(this.store.claim("a", "two", until)).isFalse();
		this.store.release("a", "two");
		assertThat(this.store.claim("a", "two", until)).isFalse();
		this.store.release("a", "one");
		assertThat(this.store.claim("a", "two", until)).isTrue();
		this.clock.advance(Duration.ofSeconds(61));
		assertThat(this.store.claim("a", "three", this.clock.instant().plusSeconds(60))).isTrue();
	}

	@Test
	void aSessionTheStoreDoesNotHaveCannotBeClaimed() {
		assertThat(this.store.claim("nope", "one", this.clock.instant().plusSeconds(60))).isFalse();
	}

	@Test
	void deleteRemovesTheSessionAndItsHistory() {
		this.store.save(session("a", "/w"));
		this.store.append("a", List.of(chunk("1")));
		assertThat(this.store.delete("a")).isTrue();
		assertThat(this.store.delete("a")).isFalse();
		assertThat(this.store.find("a")).isNull();
		assertThat(history("a")).isEmpty();
	}

	@Test
	void concurrentAppendsToOneSessionLoseNothing() throws Exception {
		InMemoryAcpSessionStore big = new InMemoryAcpSessionStore(10, 100_000, Duration.ofHours(1), this.clock);
		big.save(session("a", "/w"));
		ExecutorService executor = Executors.newFixedThreadPool(4);
		CountDownLatch start = new CountDownLatch(1);
		try {
			for (int t = 0; t < 4; t++) {
				executor.execute(() -> {
					try {
						start.await();
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					for (int i = 0; i < 1000; i++) {
						big.append("a", List.of(chunk("x")));
					}
				});
			}
			start.countDown();
		}
		finally {
			executor.shutdown();
			assertThat(executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
		}
		int[] count = new int[1];
		big.replay("a", (update) -> count[0]++);
		assertThat(count[0]).isEqualTo(4000);
	}

	@Test
	void aNewSessionBeyondTheBoundForgetsEveryIdleSessionFirst() {
		this.store.save(session("a", "/w"));
		this.store.save(session("b", "/w"));
		this.clock.advance(Duration.ofMinutes(20));
		this.store.save(session("c", "/w"));
		this.clock.advance(Duration.ofMinutes(15));
		this.store.save(session("d", "/w"));
		assertThat(this.store.size()).as("both idle sessions went, not only the one over the bound").isEqualTo(2);
		assertThat(this.store.evicted("a")).isTrue();
		assertThat(this.store.evicted("b")).isTrue();
		assertThat(this.store.find("c")).isNotNull();
	}

	@Test
	void anIdleSessionLookedUpIsDroppedFromTheStore() {
		this.store.save(session("a", "/w"));
		this.clock.advance(Duration.ofMinutes(30));
		assertThat(this.store.find("a")).isNull();
		assertThat(this.store.size()).isZero();
	}

	@Test
	void savingASessionAgainKeepsItForAnotherIdleTimeout() {
		this.store.save(session("a", "/w"));
		this.clock.advance(Duration.ofMinutes(20));
		this.store.save(session("a", "/w"));
		this.clock.advance(Duration.ofMinutes(20));
		assertThat(this.store.find("a")).isNotNull();
	}

	@Test
	void anEvictedSessionKeptAgainOrDeletedIsNoLongerReportedEvicted() {
		InMemoryAcpSessionStore two = new InMemoryAcpSessionStore(2, 4, Duration.ofMinutes(30), this.clock);
		assertThat(two.evicted("a")).as("never stored").isFalse();
		for (String id : List.of("a", "b", "c")) {
			two.save(session(id, "/w"));
			this.clock.advance(Duration.ofSeconds(1));
		}
		assertThat(two.evicted("a")).isTrue();
		two.save(session("a", "/w"));
		assertThat(two.evicted("a")).as("kept again by a connection still serving it").isFalse();
		assertThat(two.evicted("b")).isTrue();
		assertThat(two.delete("b")).isFalse();
		assertThat(two.evicted("b")).as("a deleted session stays deleted").isFalse();
	}

	@Test
	void boundsOfOneAreTheSmallestAStoreAccepts() {
		InMemoryAcpSessionStore smallest = new InMemoryAcpSessionStore(1, 1, 1, 1, Duration.ofMinutes(30), this.clock);
		smallest.save(session("a", "/w"));
		assertThat(smallest.find("a")).isNotNull();
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new InMemoryAcpSessionStore(0, 1, 1, 1, Duration.ofMinutes(30), this.clock));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new InMemoryAcpSessionStore(1, 0, 1, 1, Duration.ofMinutes(30), this.clock));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new InMemoryAcpSessionStore(1, 1, 0, 1, Duration.ofMinutes(30), this.clock));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new InMemoryAcpSessionStore(1, 1, 1, 0, Duration.ofMinutes(30), this.clock));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new InMemoryAcpSessionStore(1, 1, 1, 1, Duration.ZERO, this.clock));
	}

	@Test
	void anEntryOfExactlyTheByteBoundPerSessionIsKept() {
		SessionUpdate update = chunk("exactly the bound");
		InMemoryAcpSessionStore bounded = new InMemoryAcpSessionStore(10, 10, HistorySize.of(update), 64 * MB,
				Duration.ofMinutes(30), this.clock);
		bounded.save(session("a", "/w"));
		bounded.append("a", List.of(update));
		assertThat(markers(bounded, "a")).containsExactly("exactly");
	}

	@Test
	void pastTheTotalByteBoundOnlyAsManyOldEntriesGoAsFreeTheExcess() {
		long entry = HistorySize.of(chunk("0"));
		InMemoryAcpSessionStore bounded = new InMemoryAcpSessionStore(10, 10, 64 * MB, 3 * entry,
				Duration.ofMinutes(30), this.clock);
		bounded.save(session("a", "/w"));
		bounded.append("a", List.of(chunk("0"), chunk("1"), chunk("2")));
		bounded.append("a", List.of(chunk("3")));
		assertThat(markers(bounded, "a")).containsExactly("1", "2", "3");
		assertThat(bounded.historySize("a")).isEqualTo(3 * entry).isEqualTo(bounded.historySize());
	}

	@Test
	void theTotalByteBoundEvictsOnlySessionsHoldingHistory() {
		InMemoryAcpSessionStore bounded = new InMemoryAcpSessionStore(10, 10_000, MB, MB, Duration.ofMinutes(30),
				this.clock);
		bounded.save(session("empty", "/w"));
		this.clock.advance(Duration.ofSeconds(1));
		bounded.save(session("a", "/w"));
		bounded.append("a", List.of(bigChunk("a", 600_000)));
		this.clock.advance(Duration.ofSeconds(1));
		bounded.save(session("b", "/w"));
		bounded.append("b", List.of(bigChunk("b", 600_000)));
		assertThat(bounded.find("a")).isNull();
		assertThat(bounded.find("empty")).as("evicting it would free nothing").isNotNull();
		assertThat(markers(bounded, "b")).containsExactly("b");
	}

	@Test
	void aListOfExactlyOnePageHasNoNextCursor() {
		this.store.save(session("a", "/w"));
		this.store.save(session("b", "/w"));
		assertThat(this.store.list(null, null, null, 2).nextCursor()).isNull();
	}

	static final class MutableClock extends Clock {

		private Instant now;

		MutableClock(Instant now) {
			this.now = now;
		}

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}

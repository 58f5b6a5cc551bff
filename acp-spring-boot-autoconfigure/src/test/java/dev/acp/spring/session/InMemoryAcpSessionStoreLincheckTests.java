package dev.acp.spring.session;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.acp.spring.session.InMemoryAcpSessionStoreTests.MutableClock;

import static dev.acp.spring.lincheck.Interleavings.check;
import static dev.acp.spring.lincheck.Interleavings.explore;
import static dev.acp.spring.lincheck.Interleavings.inParallel;

/**
 * Model-checked concurrency of {@link InMemoryAcpSessionStore}: a session being evicted
 * is found, or already marked evicted, by whoever looks it up meanwhile (so that a
 * connection still serving it keeps it again instead of taking it for deleted).
 *
 * @author ACP Spring Boot Starter contributors
 */
class InMemoryAcpSessionStoreLincheckTests {

	private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

	@Test
	void aSessionBeingEvictedIsFoundOrAlreadyMarkedEvictedUnderAnyInterleaving() {
		explore(50, () -> {
			MutableClock clock = new MutableClock(NOW);
			InMemoryAcpSessionStore store = new InMemoryAcpSessionStore(2, 4, Duration.ofMinutes(30), clock);
			store.save(session("a"));
			clock.advance(Duration.ofMinutes(31));
			boolean[] seen = new boolean[1];
			// The first lookup finds the session idle and evicts it; the second races it.
			inParallel(() -> store.find("a"), () -> seen[0] = store.find("a") != null || store.evicted("a"));
			check(seen[0], "session a was neither found nor marked evicted while being evicted");
			check(store.evicted("a"), "session a was not marked evicted");
		});
	}

	private static AcpSessionData session(String id) {
		return new AcpSessionData(id, "/work", List.of(), List.of(), null, null, Map.of(), Map.of(), NOW, NOW);
	}

}

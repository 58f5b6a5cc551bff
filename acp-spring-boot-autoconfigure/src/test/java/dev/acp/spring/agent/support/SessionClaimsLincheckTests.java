package dev.acp.spring.agent.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.InMemoryAcpSessionStore;

import static dev.acp.spring.lincheck.Interleavings.check;
import static dev.acp.spring.lincheck.Interleavings.explore;
import static dev.acp.spring.lincheck.Interleavings.inParallel;

/**
 * Model-checked concurrency of {@link SessionClaims}: one prompt turn per session at a
 * time across connections, and a claim that lives as long as its turn.
 *
 * @author ACP Spring Boot Starter contributors
 */
class SessionClaimsLincheckTests {

	private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

	private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

	private static final Duration CLAIM = Duration.ofMinutes(1);

	// A connection and its view of the session are made once: a scenario only reads
	// their owner, claim lock and id.
	private final DefaultAcpConnection first = connection();

	private final DefaultAcpConnection second = connection();

	private final DefaultAcpSession firstSession = new DefaultAcpSession(session());

	@Test
	void twoConnectionsClaimingOneSessionForATurnAtOnceGetOneClaimUnderAnyInterleaving() {
		explore(50, () -> {
			InMemoryAcpSessionStore store = store();
			Instant until = NOW.plus(CLAIM);
			boolean[] claimed = new boolean[2];
			inParallel(() -> claimed[0] = store.claim("s", this.first.sessionOwner(), until),
					() -> claimed[1] = store.claim("s", this.second.sessionOwner(), until));
			check(claimed[0] ^ claimed[1], "both connections or none claimed the session: " + claimed[0]);
		});
	}

	@Test
	void aReleaseOnTheConnectionRacingItsTurnNeverDropsTheTurnsClaimUnderAnyInterleaving() {
		explore(50, () -> {
			InMemoryAcpSessionStore store = store();
			SessionClaims claims = new SessionClaims(store, new OwnedSessions(store), CLAIM, CLOCK);
			// the first connection loaded the session (claimed) and now closes it while a
			// turn of it starts
			claims.claim("s", this.first);
			boolean[] started = new boolean[1];
			inParallel(() -> started[0] = startTurn(claims, this.first, this.firstSession),
					() -> claims.releaseUnlessTurn("s", this.first));
			check(started[0], "the turn did not start on the connection that claimed the session");
			check(!store.claim("s", this.second.sessionOwner(), NOW.plus(CLAIM)),
					"another connection claimed the session while a turn of it runs");
		});
	}

	private static boolean startTurn(SessionClaims claims, DefaultAcpConnection connection, DefaultAcpSession session) {
		try {
			claims.claimForTurn(connection, session);
			return true;
		}
		catch (AcpException ex) {
			return false;
		}
	}

	private static InMemoryAcpSessionStore store() {
		InMemoryAcpSessionStore store = new InMemoryAcpSessionStore(4, 4, Duration.ofMinutes(30), CLOCK);
		store.save(session());
		return store;
	}

	private static AcpSessionData session() {
		return new AcpSessionData("s", "/work", List.of(), List.of(), null, null, Map.of(), Map.of(), NOW, NOW);
	}

	private static DefaultAcpConnection connection() {
		JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(new JsonRpcCodec(AcpJsonMapper.create()),
				Runnable::run, Duration.ofSeconds(30), (rpc) -> null);
		return new DefaultAcpConnection(factory.open("lincheck", (frame) -> {
		}), AcpObservations.NONE);
	}

}

package dev.acp.spring.session;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.CALLS_REAL_METHODS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

/**
 * Tests of what {@link AcpSessionStore} and {@link AcpSession} do by default, for the
 * implementations that do not override it.
 *
 * @author ACP Spring Boot Starter contributors
 */
class SessionDefaultMethodsTests {

	private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

	private final AcpSessionStore store = mock(AcpSessionStore.class, CALLS_REAL_METHODS);

	private static AcpSessionData session(String title) {
		return new AcpSessionData("a", "/w", List.of(), List.of(), title, null, Map.of(), Map.of(), T0, T0);
	}

	@Test
	void byDefaultReplaceSavesASessionTheStoreStillHas() {
		AcpSessionData read = session("read");
		AcpSessionData changed = session("changed");
		given(this.store.find("a")).willReturn(read);
		assertThat(this.store.replace(read, changed)).isTrue();
		verify(this.store).save(changed);
	}

	@Test
	void byDefaultReplaceSavesNothingWhenTheStoreNoLongerHasTheSession() {
		given(this.store.find("a")).willReturn(null);
		assertThat(this.store.replace(session("read"), session("changed"))).isFalse();
		verify(this.store, never()).save(any());
	}

	@Test
	void byDefaultAStoreReportsNoSessionEvicted() {
		assertThat(this.store.evicted("a")).isFalse();
	}

	@Test
	void removingAnAttributeSetsItToNothing() {
		AcpSession session = mock(AcpSession.class, CALLS_REAL_METHODS);
		session.removeAttribute("k");
		verify(session).setAttribute("k", null);
	}

}

package dev.acp.spring.session;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests of {@link AcpSessionCursors}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpSessionCursorsTests {

	private static final Instant T0 = Instant.parse("2026-11-25T10:15:30.123456789Z");

	private final byte[] key = AcpSessionCursors.newKey();

	private final AcpSessionCursors cursors = new AcpSessionCursors(() -> this.key);

	@Test
	void aCursorNamesThePositionItWasGivenFor() {
		String cursor = this.cursors.encode("alice", "/w", T0, "sess-1");
		assertThat(this.cursors.decode("alice", "/w", cursor)).isEqualTo(new AcpSessionCursors.Position(T0, "sess-1"));
		assertThat(new AcpSessionCursors(() -> this.key.clone()).decode("alice", "/w", cursor))
			.as("another instance with the same key")
			.isEqualTo(new AcpSessionCursors.Position(T0, "sess-1"));
	}

	@Test
	void anOwnerIsNeverTakenForAFilterNorAnAbsentValueForAnEmptyOne() {
		String cursor = this.cursors.encode("a", null, T0, "sess-1");
		assertThatIllegalArgumentException().isThrownBy(() -> this.cursors.decode(null, "a", cursor));
		assertThatIllegalArgumentException().isThrownBy(() -> this.cursors.decode("", null, cursor));
		String joined = this.cursors.encode("a/", "b", T0, "sess-1");
		assertThatIllegalArgumentException().isThrownBy(() -> this.cursors.decode("a", "/b", joined));
	}

	@Test
	void anAbsentOwnerAndAnEmptyFilterAreNeverTakenForAnEmptyOwnerAndAnAbsentFilter() {
		String cursor = this.cursors.encode(null, "", T0, "sess-1");
		assertThatIllegalArgumentException().isThrownBy(() -> this.cursors.decode("", null, cursor));
	}

	@Test
	void anOwnerAndAFilterWhoseCharactersJoinTheSameAreNeverTakenForEachOther() {
		String cursor = this.cursors.encode("a\u0001b", "c", T0, "sess-1");
		assertThatIllegalArgumentException().isThrownBy(() -> this.cursors.decode("a", "b\u0001c", cursor));
	}

	@Test
	void aCursorSignedWithAnotherKeyIsRefused() {
		String cursor = new AcpSessionCursors(AcpSessionCursors::newKey).encode(null, null, T0, "sess-1");
		assertThatIllegalArgumentException().isThrownBy(() -> this.cursors.decode(null, null, cursor));
	}

	@Test
	void aSignedCursorNamingATimeOutOfRangeOrNoPositionIsRefusedAsIllegalArgument() {
		for (String position : new String[] { "c2:9223372036854775807:0:sess-1", "c2:-9223372036854775808:0:sess-1",
				"c2:1:2:", "c2:x:0:sess-1", "c1:1:2:sess-1", "" }) {
			String cursor = this.cursors.sign(null, null, position);
			assertThatIllegalArgumentException().as(position).isThrownBy(() -> this.cursors.decode(null, null, cursor));
		}
		for (Instant outOfRange : new Instant[] { Instant.MAX, Instant.MIN, Instant.parse("+10000-01-01T00:00:00Z"),
				Instant.parse("0000-12-31T23:59:59Z") }) {
			String cursor = this.cursors.encode(null, null, outOfRange, "sess-1");
			assertThatIllegalArgumentException().as("%s", outOfRange)
				.isThrownBy(() -> this.cursors.decode(null, null, cursor));
		}
	}

	@Test
	void theKeyIsAskedForOnFirstUseAndOnlyOnce() {
		AtomicInteger asked = new AtomicInteger();
		AcpSessionCursors lazy = new AcpSessionCursors(() -> {
			asked.incrementAndGet();
			return this.key;
		});
		assertThat(asked).hasValue(0);
		String cursor = lazy.encode(null, null, T0, "sess-1");
		lazy.decode(null, null, cursor);
		lazy.decode(null, "/w", lazy.encode(null, "/w", T0, "sess-2"));
		assertThat(asked).hasValue(1);
	}

	@Test
	void aKeyShorterThan256BitsIsRefused() {
		AcpSessionCursors weak = new AcpSessionCursors(() -> new byte[AcpSessionCursors.KEY_LENGTH - 1]);
		assertThatIllegalStateException().isThrownBy(() -> weak.encode(null, null, T0, "sess-1"));
	}

}

package dev.acp.spring.agent.support;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.session.AcpSessionData;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link DefaultAcpSession}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DefaultAcpSessionTests {

	private static SessionUpdate chunk(String text) {
		return new SessionUpdate.AgentMessageChunk(ContentBlock.text(text), null, null);
	}

	private static List<String> texts(List<SessionUpdate> updates) {
		List<String> texts = new ArrayList<>();
		for (SessionUpdate update : updates) {
			texts.add(((ContentBlock.Text) ((SessionUpdate.AgentMessageChunk) update).content()).text());
		}
		return texts;
	}

	@Test
	void aBatchWhoseWriteFailedIsHeldBeforeLaterUpdatesAndPastTheBoundTheOldestAreDropped() {
		Instant now = Instant.now();
		DefaultAcpSession session = new DefaultAcpSession(
				new AcpSessionData("s", "/w", List.of(), List.of(), null, null, Map.of(), Map.of(), now, now));
		session.beginTurn(List.of(chunk("1")));
		session.record(chunk("2"), 1000, Long.MAX_VALUE);
		List<SessionUpdate> failed = session.drain();
		session.record(chunk("3"), 1000, Long.MAX_VALUE);
		assertThat(session.keep(failed, 3, Long.MAX_VALUE)).isZero();
		failed = session.drain();
		session.record(chunk("4"), 1000, Long.MAX_VALUE);
		assertThat(session.keep(failed, 3, Long.MAX_VALUE)).isEqualTo(1);
		assertThat(texts(session.drain())).containsExactly("2", "3", "4");
	}

}

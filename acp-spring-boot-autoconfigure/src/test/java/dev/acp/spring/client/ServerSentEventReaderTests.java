package dev.acp.spring.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link ServerSentEventReader}.
 */
class ServerSentEventReaderTests {

	private static List<String> events(String stream) throws IOException {
		return events(stream.getBytes(StandardCharsets.UTF_8), 1024);
	}

	private static List<String> events(byte[] stream, int maxEventSize) throws IOException {
		ServerSentEventReader reader = new ServerSentEventReader(new ByteArrayInputStream(stream), maxEventSize);
		List<String> events = new ArrayList<>();
		for (byte[] event = reader.next(); event != null; event = reader.next()) {
			events.add(new String(event, StandardCharsets.UTF_8));
		}
		return events;
	}

	@Test
	void eachBlankLineEndsAnEvent() throws IOException {
		assertThat(events("data: {\"a\":1}\n\ndata: {\"b\":2}\n\n")).containsExactly("{\"a\":1}", "{\"b\":2}");
	}

	@Test
	void theDataLinesOfOneEventAreJoinedWithLineFeeds() throws IOException {
		assertThat(events("data: {\"a\":\ndata: 1}\ndata:\n\n")).containsExactly("{\"a\":\n1}\n");
	}

	@Test
	void commentsAndKeepAlivesAreIgnored() throws IOException {
		assertThat(events(":\n\n: keep-alive\ndata: x\n: inside\n\n:\n\n")).containsExactly("x");
	}

	@Test
	void otherFieldsAreIgnored() throws IOException {
		assertThat(events("event: message\nid: 7\nretry: 100\ndata: x\ndatum: y\n\n")).containsExactly("x");
	}

	@Test
	void linesEndInCarriageReturnLineFeedOrEither() throws IOException {
		assertThat(events("data: a\r\n\r\ndata: b\r\rdata: c\n\ndata: d\r\ndata: e\r\n\n")).containsExactly("a", "b",
				"c", "d\ne");
	}

	@Test
	void onlyOneSpaceAfterTheColonIsDropped() throws IOException {
		assertThat(events("data:a\n\ndata: b\n\ndata:  c\n\ndata\n\n")).containsExactly("a", "b", " c", "");
	}

	@Test
	void anEventWithoutDataIsNotDispatched() throws IOException {
		assertThat(events("event: ping\n\n\n\ndata: x\n\n")).containsExactly("x");
	}

	@Test
	void anEventCutOffByTheEndOfTheStreamIsNotDispatched() throws IOException {
		assertThat(events("data: whole\n\ndata: cut off\n")).containsExactly("whole");
	}

	@Test
	void aByteOrderMarkAtTheStartIsSkipped() throws IOException {
		byte[] stream = "\uFEFFdata: x\n\n".getBytes(StandardCharsets.UTF_8);
		assertThat(events(stream, 1024)).containsExactly("x");
	}

	@Test
	void multiByteCharactersArriveWhole() throws IOException {
		assertThat(events("data: {\"t\":\"héllo ✓\"}\n\n")).containsExactly("{\"t\":\"héllo ✓\"}");
	}

	@Test
	void anEventLargerThanTheLimitFails() {
		byte[] stream = "data: 0123456789\ndata: 0123456789\n\n".getBytes(StandardCharsets.UTF_8);
		assertThatExceptionOfType(ServerSentEventReader.EventTooLargeException.class)
			.isThrownBy(() -> events(stream, 16))
			.withMessage("An event is larger than 16 bytes");
	}

	@Test
	void aLineLongerThanTheLimitFailsBeforeItEnds() {
		byte[] stream = ("data: " + "x".repeat(100)).getBytes(StandardCharsets.UTF_8);
		assertThatExceptionOfType(ServerSentEventReader.EventTooLargeException.class)
			.isThrownBy(() -> events(stream, 16));
	}

	@Test
	void anEventOfExactlyTheLimitIsRead() throws IOException {
		byte[] stream = "data: 0123456789abcdef\n\n".getBytes(StandardCharsets.UTF_8);
		assertThat(events(stream, 16)).containsExactly("0123456789abcdef");
	}

}

package dev.acp.spring.transport.stdio;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIOException;

/**
 * Tests for {@link LineReader}.
 */
class LineReaderTests {

	private static final String TOO_LONG = "<too long>";

	static IntStream chunkSizes() {
		return IntStream.concat(IntStream.rangeClosed(1, 17), IntStream.of(64, 8192));
	}

	private static List<String> read(String input, int maxLineLength, int chunkSize) throws IOException {
		return read(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), maxLineLength, chunkSize);
	}

	private static List<String> read(InputStream input, int maxLineLength, int chunkSize) throws IOException {
		List<String> events = new ArrayList<>();
		new LineReader(input, maxLineLength, chunkSize).readAll(new LineReader.Listener() {

			@Override
			public void line(byte[] buffer, int offset, int length) {
				assertThat(length).isPositive().isLessThanOrEqualTo(maxLineLength);
				events.add(new String(buffer, offset, length, StandardCharsets.UTF_8));
			}

			@Override
			public void lineTooLong() {
				events.add(TOO_LONG);
			}

		});
		return events;
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void linesAreSplitAcrossChunkBoundaries(int chunkSize) throws IOException {
		String input = "first\nsecond line\n{\"jsonrpc\":\"2.0\",\"method\":\"a\"}\nx\n";
		assertThat(read(input, 1000, chunkSize)).containsExactly("first", "second line",
				"{\"jsonrpc\":\"2.0\",\"method\":\"a\"}", "x");
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void multiByteCharactersSplitAcrossChunksAreReassembled(int chunkSize) throws IOException {
		String input = "h\u00e9llo \u2713 \uD83D\uDE00\n\u00fcber\n";
		assertThat(read(input, 1000, chunkSize)).containsExactly("h\u00e9llo \u2713 \uD83D\uDE00", "\u00fcber");
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void carriageReturnBeforeTheNewlineIsStripped(int chunkSize) throws IOException {
		assertThat(read("a\r\nbb\r\nccc\n", 1000, chunkSize)).containsExactly("a", "bb", "ccc");
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void aCarriageReturnInsideALineIsKept(int chunkSize) throws IOException {
		assertThat(read("a\rb\r\n", 1000, chunkSize)).containsExactly("a\rb");
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void blankLinesAreSkipped(int chunkSize) throws IOException {
		assertThat(read("\n\n   \n\t\r\n\r\n a \n\n", 1000, chunkSize)).containsExactly(" a ");
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void theLastLineWithoutNewlineIsDeliveredAtEndOfInput(int chunkSize) throws IOException {
		assertThat(read("a\nlast line", 1000, chunkSize)).containsExactly("a", "last line");
		assertThat(read("only\r", 1000, chunkSize)).containsExactly("only");
	}

	@Test
	void emptyInputDeliversNothing() throws IOException {
		assertThat(read("", 10, 4)).isEmpty();
		assertThat(read("   ", 10, 4)).isEmpty();
	}

	@Test
	void aLineOverTheLimitInsideOneChunkIsReportedOnceAndSkipped() throws IOException {
		String input = "short\n" + "x".repeat(50) + "\nnext\n";
		assertThat(read(input, 10, 8192)).containsExactly("short", TOO_LONG, "next");
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void aLineOverTheLimitIsReportedOnceAndSkippedWhateverTheChunking(int chunkSize) throws IOException {
		String input = "short\n" + "x".repeat(50) + "\nnext\n" + "y".repeat(11) + "\n" + "z".repeat(30) + "\r\nafter\n";
		assertThat(read(input, 10, chunkSize)).containsExactly("short", TOO_LONG, "next", TOO_LONG, TOO_LONG, "after");
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void aTooLongLineAtTheStartOrEndOfInputIsReportedOnce(int chunkSize) throws IOException {
		assertThat(read("x".repeat(25) + "\nok\n" + "y".repeat(25), 10, chunkSize)).containsExactly(TOO_LONG, "ok",
				TOO_LONG);
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void aLineOfExactlyTheLimitIsDeliveredAndOneByteMoreIsNot(int chunkSize) throws IOException {
		String atLimit = "a".repeat(10);
		String overLimit = "b".repeat(11);
		assertThat(read(atLimit + "\n" + overLimit + "\n" + atLimit, 10, chunkSize)).containsExactly(atLimit, TOO_LONG,
				atLimit);
	}

	@ParameterizedTest
	@MethodSource("chunkSizes")
	void theCarriageReturnOfACrLfTerminatorDoesNotCountTowardsTheLimit(int chunkSize) throws IOException {
		String atLimit = "a".repeat(10);
		assertThat(read(atLimit + "\r\n" + atLimit + "\r\n", 10, chunkSize)).containsExactly(atLimit, atLimit);
	}

	@Test
	void manyLinesLargerThanTheChunkAreDelivered() throws IOException {
		List<String> lines = IntStream.range(0, 50).mapToObj((i) -> String.valueOf(i).repeat(100 + i * 37)).toList();
		assertThat(read(String.join("\n", lines) + "\n", 1_000_000, 64)).containsExactlyElementsOf(lines);
	}

	@Test
	void aReadFailureIsPropagated() {
		InputStream failing = new InputStream() {

			@Override
			public int read() throws IOException {
				throw new IOException("broken pipe");
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				throw new IOException("broken pipe");
			}

		};
		assertThatIOException().isThrownBy(() -> read(failing, 10, 4)).withMessage("broken pipe");
	}

}

package dev.acp.spring.inspector.bridge;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BoundedLineReaderTests {

	@Test
	void readsLinesWithoutTheirEndsAndALastLineWithoutOne() throws IOException {
		BoundedLineReader reader = reader("{\"a\":1}\r\n\n{\"b\":2}", 64);
		assertThat(reader.next().text()).isEqualTo("{\"a\":1}");
		assertThat(reader.next().text()).isEmpty();
		assertThat(reader.next().text()).isEqualTo("{\"b\":2}");
		assertThat(reader.next()).isNull();
	}

	@Test
	void keepsAtMostTheBoundOfALongerLineMarksItTruncatedAndReadsTheNextWhole() throws IOException {
		String longer = "x".repeat(20_000);
		BoundedLineReader reader = reader(longer + "\nnext\n", 10_000);
		BoundedLineReader.Line first = reader.next();
		assertThat(first.truncated()).isTrue();
		assertThat(first.bytes()).hasSize(10_000);
		BoundedLineReader.Line second = reader.next();
		assertThat(second.truncated()).isFalse();
		assertThat(second.text()).isEqualTo("next");
		assertThat(reader.next()).isNull();
	}

	@Test
	void keepsALineOfExactlyTheBound() throws IOException {
		BoundedLineReader.Line line = reader("é".repeat(4) + "\n", 8).next();
		assertThat(line.truncated()).isFalse();
		assertThat(line.text()).isEqualTo("éééé");
	}

	private static BoundedLineReader reader(String text, int maxBytes) {
		return new BoundedLineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), maxBytes);
	}

}

package dev.acp.spring.client;

import java.io.IOException;
import java.io.StringReader;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests of {@link TextFileSlice}: the bound of a read counts the UTF-8 bytes of what it
 * returns.
 *
 * @author ACP Spring Boot Starter contributors
 */
class TextFileSliceTests {

	private static String read(String text, long maxBytes) throws IOException {
		return TextFileSlice.read(new StringReader(text), null, null, maxBytes);
	}

	private static void assertFitsExactly(String text, long bytes) throws IOException {
		assertThat(read(text, bytes)).as("%s within %d bytes", text, bytes).isEqualTo(text);
		assertThatExceptionOfType(TextFileSlice.TooLargeException.class).as("%s within %d bytes", text, bytes - 1)
			.isThrownBy(() -> read(text, bytes - 1));
	}

	@Test
	void theBoundCountsUtf8BytesAndTextOfExactlyTheBoundIsRead() throws IOException {
		assertFitsExactly("abc\n", 4);
		assertFitsExactly("\u007f", 1);
		assertFitsExactly("\u0080", 2);
		assertFitsExactly("é\n", 3);
		assertFitsExactly("\u07ff", 2);
		assertFitsExactly("\u0800", 3);
		assertFitsExactly("€", 3);
		assertFitsExactly("\uffff", 3);
		assertFitsExactly("\uD83D\uDE00", 4);
	}

	@Test
	void onlyTheLinesAskedForCountAgainstTheBound() throws IOException {
		String text = "x".repeat(100) + "\nshort\n" + "y".repeat(100) + "\n";
		assertThat(TextFileSlice.read(new StringReader(text), 2, 1, 6)).isEqualTo("short\n");
	}

}

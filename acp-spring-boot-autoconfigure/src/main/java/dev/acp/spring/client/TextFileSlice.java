package dev.acp.spring.client;

import java.io.IOException;
import java.io.Reader;

import org.jspecify.annotations.Nullable;

/**
 * Reads the lines an agent asked for from a stream of text, holding no more than a bound
 * of what it returns: lines before the first are skipped as they stream past, and the
 * read stops after the last one.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class TextFileSlice {

	private TextFileSlice() {
	}

	/**
	 * Read lines.
	 * @param reader the text
	 * @param line the first line (1-based), or {@code null} for the first
	 * @param limit how many lines, or {@code null} for all
	 * @param maxBytes the most bytes (UTF-8) the result may hold
	 * @return the lines, each with its line feed
	 * @throws TooLargeException when the lines asked for hold more than {@code maxBytes}
	 * @throws IOException when reading fails
	 */
	static String read(Reader reader, @Nullable Integer line, @Nullable Integer limit, long maxBytes)
			throws IOException {
		long skip = (line != null) ? line - 1L : 0;
		long lines = (limit != null) ? limit : Long.MAX_VALUE;
		StringBuilder result = new StringBuilder();
		if (lines == 0) {
			return "";
		}
		long bytes = 0;
		char[] chunk = new char[8192];
		int read;
		while ((read = reader.read(chunk)) != -1) {
			for (int i = 0; i < read; i++) {
				char c = chunk[i];
				if (skip > 0) {
					if (c == '\n') {
						skip--;
					}
					continue;
				}
				bytes += utf8Length(c);
				if (bytes > maxBytes) {
					throw new TooLargeException();
				}
				result.append(c);
				if (c == '\n' && --lines == 0) {
					return result.toString();
				}
			}
		}
		return result.toString();
	}

	private static int utf8Length(char c) {
		if (c < 0x80) {
			return 1;
		}
		if (c < 0x800 || Character.isSurrogate(c)) {
			return 2;
		}
		return 3;
	}

	/**
	 * The lines asked for hold more than the bound.
	 */
	static final class TooLargeException extends IOException {

		private static final long serialVersionUID = 1L;

		TooLargeException() {
			super("Larger than the bound", null);
		}

	}

}

package dev.acp.spring.inspector.bridge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

/**
 * Reads lines ending in {@code \n} (a {@code \r} before it is dropped) from a stream of
 * bytes, keeping at most a bound of bytes per line: the rest of a longer line is read and
 * dropped, and the line is marked truncated.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class BoundedLineReader {

	private final InputStream input;

	private final int maxBytes;

	private final byte[] buffer = new byte[8192];

	private int position;

	private int limit;

	BoundedLineReader(InputStream input, int maxBytes) {
		this.input = input;
		this.maxBytes = maxBytes;
	}

	/**
	 * The next line.
	 * @return the line, or {@code null} at the end of the stream (a last line without
	 * {@code \n} is returned first)
	 * @throws IOException if reading fails
	 */
	@Nullable Line next() throws IOException {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		boolean truncated = false;
		while (true) {
			if (this.position == this.limit) {
				this.limit = this.input.read(this.buffer);
				this.position = 0;
				if (this.limit < 0) {
					this.limit = 0;
					return (line.size() > 0 || truncated) ? new Line(trimmed(line), truncated) : null;
				}
			}
			int end = this.position;
			while (end < this.limit && this.buffer[end] != '\n') {
				end++;
			}
			int length = end - this.position;
			int room = this.maxBytes - line.size();
			if (length > room) {
				truncated = true;
			}
			line.write(this.buffer, this.position, Math.min(length, Math.max(room, 0)));
			if (end < this.limit) {
				this.position = end + 1;
				return new Line(trimmed(line), truncated);
			}
			this.position = this.limit;
		}
	}

	private static byte[] trimmed(ByteArrayOutputStream line) {
		byte[] bytes = line.toByteArray();
		if (bytes.length > 0 && bytes[bytes.length - 1] == '\r') {
			byte[] shorter = new byte[bytes.length - 1];
			System.arraycopy(bytes, 0, shorter, 0, shorter.length);
			return shorter;
		}
		return bytes;
	}

	/**
	 * One line.
	 *
	 * @param bytes its bytes (at most the bound), without the line end
	 * @param truncated whether the line was longer than the bound
	 */
	record Line(byte[] bytes, boolean truncated) {

		String text() {
			return new String(this.bytes, StandardCharsets.UTF_8);
		}

	}

}

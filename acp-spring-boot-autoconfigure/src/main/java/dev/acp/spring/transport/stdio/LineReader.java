package dev.acp.spring.transport.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Splits a byte stream into lines of at most a given length, without decoding. A line
 * over the limit is skipped up to its end and reported once.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class LineReader {

	/**
	 * Receives lines.
	 */
	interface Listener {

		/**
		 * A complete line, without its terminator ({@code \n} or {@code \r\n}).
		 * @param buffer the buffer
		 * @param offset the line offset
		 * @param length the line length
		 */
		void line(byte[] buffer, int offset, int length);

		/**
		 * A line exceeded the limit and was skipped.
		 */
		void lineTooLong();

		/**
		 * Every complete line of the chunk just read was delivered: a moment to write
		 * what their handling queued, in one batch.
		 */
		default void chunkDelivered() {
		}

	}

	private final InputStream in;

	private final int maxLineLength;

	private final byte[] chunk;

	private byte[] pending = new byte[0];

	private int pendingLength;

	private boolean skipping;

	LineReader(InputStream in, int maxLineLength, int chunkSize) {
		this.in = in;
		this.maxLineLength = maxLineLength;
		this.chunk = new byte[chunkSize];
	}

	/**
	 * Read until end of input, passing each line to the listener.
	 * @param listener the listener
	 * @throws IOException on read failure
	 */
	void readAll(Listener listener) throws IOException {
		int read;
		while ((read = this.in.read(this.chunk)) != -1) {
			int start = 0;
			for (int i = 0; i < read; i++) {
				if (this.chunk[i] == '\n') {
					emit(listener, start, i - start);
					start = i + 1;
				}
			}
			if (start < read) {
				append(listener, start, read - start);
			}
			listener.chunkDelivered();
		}
		if (this.pendingLength > 0 && !this.skipping) {
			deliver(listener, this.pending, 0, this.pendingLength);
		}
	}

	private void emit(Listener listener, int start, int length) {
		if (this.skipping) {
			this.skipping = false;
			return;
		}
		if (this.pendingLength == 0) {
			if (length > this.maxLineLength + 1L) {
				listener.lineTooLong();
				return;
			}
			deliver(listener, this.chunk, start, length);
			return;
		}
		if (!append(listener, start, length)) {
			this.skipping = false;
			return;
		}
		deliver(listener, this.pending, 0, this.pendingLength);
		this.pendingLength = 0;
		if (this.pending.length > 4 * this.chunk.length) {
			this.pending = new byte[0];
		}
	}

	private boolean append(Listener listener, int start, int length) {
		if (this.skipping) {
			return false;
		}
		if ((long) this.pendingLength + length > this.maxLineLength + 1L) {
			this.pendingLength = 0;
			this.pending = new byte[0];
			this.skipping = true;
			listener.lineTooLong();
			return false;
		}
		if (this.pendingLength + length > this.pending.length) {
			this.pending = Arrays.copyOf(this.pending, Math.max(this.pendingLength + length, this.pending.length * 2));
		}
		System.arraycopy(this.chunk, start, this.pending, this.pendingLength, length);
		this.pendingLength += length;
		return true;
	}

	private void deliver(Listener listener, byte[] buffer, int offset, int length) {
		int end = offset + length;
		if (end > offset && buffer[end - 1] == '\r') {
			end--;
		}
		if (end - offset > this.maxLineLength) {
			listener.lineTooLong();
			return;
		}
		if (isBlank(buffer, offset, end)) {
			return;
		}
		listener.line(buffer, offset, end - offset);
	}

	private static boolean isBlank(byte[] buffer, int offset, int end) {
		for (int i = offset; i < end; i++) {
			byte b = buffer[i];
			if (b != ' ' && b != '\t' && b != '\r') {
				return false;
			}
		}
		return true;
	}

}

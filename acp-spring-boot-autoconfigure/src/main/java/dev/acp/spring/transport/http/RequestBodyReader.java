package dev.acp.spring.transport.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.function.IntConsumer;

import org.jspecify.annotations.Nullable;

/**
 * Reads a request body of at most a given size into a buffer that grows with the bytes
 * received (doubling from a small first chunk), never with the length the request
 * declares: a client that declares a large body and sends little costs little.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class RequestBodyReader {

	/** The size of the first buffer. */
	static final int FIRST_CHUNK = 8 * 1024;

	private RequestBodyReader() {
	}

	/**
	 * Read a body.
	 * @param input the body
	 * @param declared the length the request declares, or {@code -1} when unknown
	 * @param max the largest body accepted
	 * @param allocations told the size of each buffer allocated
	 * @return the body, or {@code null} when it is (or is declared) larger than
	 * {@code max}
	 * @throws IOException if the body cannot be read
	 */
	static byte @Nullable [] read(InputStream input, long declared, int max, IntConsumer allocations)
			throws IOException {
		if (declared > max) {
			return null;
		}
		// one byte past the expected end, so the end of input is seen without growing
		long expected = (declared >= 0) ? declared + 1 : FIRST_CHUNK;
		int capacity = (int) Math.min(Math.min(FIRST_CHUNK, expected), (long) max + 1);
		byte[] buffer = new byte[capacity];
		allocations.accept(capacity);
		int size = 0;
		for (;;) {
			if (size == buffer.length) {
				int grown = (int) Math.min((long) buffer.length * 2, (long) max + 1);
				buffer = Arrays.copyOf(buffer, grown);
				allocations.accept(grown);
			}
			int read = input.read(buffer, size, buffer.length - size);
			if (read < 0) {
				return (size == buffer.length) ? buffer : Arrays.copyOf(buffer, size);
			}
			size += read;
			if (size > max) {
				return null;
			}
		}
	}

}

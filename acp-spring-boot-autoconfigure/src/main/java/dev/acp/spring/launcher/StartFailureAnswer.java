package dev.acp.spring.launcher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

/**
 * Tells the editor why no agent serves it, as the agent in the editor's own process does
 * when it fails to start: the first line of input, read within a short bound, when it is
 * an {@code initialize} request, is answered with a JSON-RPC error -32603 carrying the
 * failure, on one line. Nothing is written otherwise. Only on the launcher's failure
 * path: its classes are not loaded when an agent serves.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class StartFailureAnswer {

	/**
	 * How long the editor may take to send its {@code initialize}: editors send it at
	 * once, so the bound only matters to one that sends nothing and keeps its end open.
	 */
	static final long READ_LIMIT_MILLIS = 10_000;

	private static final int MAX_LINE = 1024 * 1024;

	private static final int MAX_MESSAGE = 64 * 1024;

	private StartFailureAnswer() {
	}

	/**
	 * Answer the {@code initialize} on the first line of {@code in}, if one comes in
	 * time.
	 * @param in the editor's input
	 * @param out the editor's output
	 * @param failure what went wrong, for a person to read
	 * @return whether it was answered
	 */
	static boolean answer(InputStream in, OutputStream out, String failure) {
		String line = firstLine(in);
		String id = (line != null) ? InitializeRequestId.of(line) : null;
		if (id == null) {
			return false;
		}
		try {
			out.write(errorResponse(id, failure).getBytes(StandardCharsets.UTF_8));
			out.flush();
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * The error response, one line with its line end (a lone surrogate in the message
	 * becomes {@code ?} when the line is encoded).
	 * @param id the request's id, as JSON
	 * @param failure the message
	 * @return the line
	 */
	static String errorResponse(String id, String failure) {
		String message = (failure.length() > MAX_MESSAGE) ? failure.substring(0, MAX_MESSAGE) : failure;
		StringBuilder line = new StringBuilder("{\"jsonrpc\":\"2.0\",\"id\":").append(id)
			.append(",\"error\":{\"code\":-32603,\"message\":\"");
		for (int i = 0; i < message.length(); i++) {
			char c = message.charAt(i);
			if (c == '"' || c == '\\') {
				line.append('\\').append(c);
			}
			else if (c == '\n') {
				line.append("\\n");
			}
			else if (c < 0x20) {
				line.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
			}
			else {
				line.append(c);
			}
		}
		return line.append("\"}}\n").toString();
	}

	/**
	 * The first line of the input, strictly UTF-8, read within
	 * {@link #READ_LIMIT_MILLIS}.
	 * @return the line, or {@code null} when none came in time, it is too long or it is
	 * not UTF-8
	 */
	private static @Nullable String firstLine(InputStream in) {
		LineReader reader = new LineReader(in);
		Thread thread = new Thread(reader, "acp-launcher-first-line");
		thread.setDaemon(true);
		thread.start();
		try {
			thread.join(READ_LIMIT_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
		byte[] line = reader.line();
		if (line == null) {
			return null;
		}
		try {
			return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(line)).toString();
		}
		catch (CharacterCodingException ex) {
			return null;
		}
	}

	private static final class LineReader implements Runnable {

		private final InputStream in;

		private byte @Nullable [] line;

		LineReader(InputStream in) {
			this.in = in;
		}

		@Override
		public void run() {
			ByteArrayOutputStream bytes = new ByteArrayOutputStream();
			byte[] buffer = new byte[8192];
			try {
				while (bytes.size() <= MAX_LINE) {
					int read = this.in.read(buffer);
					if (read < 0) {
						break;
					}
					for (int i = 0; i < read; i++) {
						if (buffer[i] == '\n') {
							bytes.write(buffer, 0, i);
							finish(bytes);
							return;
						}
					}
					bytes.write(buffer, 0, read);
				}
			}
			catch (IOException ex) {
				// no line
			}
			if (bytes.size() <= MAX_LINE) {
				finish(bytes);
			}
		}

		private synchronized void finish(ByteArrayOutputStream bytes) {
			this.line = bytes.toByteArray();
		}

		synchronized byte @Nullable [] line() {
			return this.line;
		}

	}

}

package dev.acp.spring.client;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

import org.jspecify.annotations.Nullable;

/**
 * Reads the data of server-sent events from a {@code text/event-stream} body, as the HTML
 * standard parses it: lines end in CRLF, LF or CR; a blank line ends an event; the
 * {@code data} lines of one event are joined with LF; one space after the colon is
 * dropped; comments (lines starting with {@code :}, such as keep-alives) and the other
 * fields ({@code event}, {@code id}, {@code retry}) are ignored; an event without data is
 * not dispatched, nor is one cut off by the end of the stream.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ServerSentEventReader {

	private static final byte[] DATA = { 'd', 'a', 't', 'a' };

	private final InputStream input;

	private final int maxEventSize;

	private final ByteArrayOutputStream line = new ByteArrayOutputStream();

	private final ByteArrayOutputStream data = new ByteArrayOutputStream();

	private boolean hasData;

	private boolean afterCarriageReturn;

	private boolean firstLine = true;

	private boolean received;

	/**
	 * Create a reader.
	 * @param input the response body
	 * @param maxEventSize the most bytes of data one event may carry
	 */
	ServerSentEventReader(InputStream input, int maxEventSize) {
		this.input = new BufferedInputStream(input);
		this.maxEventSize = maxEventSize;
	}

	/**
	 * The data of the next event, blocking until it is complete.
	 * @return the data (UTF-8), or {@code null} at the end of the stream
	 * @throws IOException if the stream fails or an event is larger than allowed
	 */
	byte @Nullable [] next() throws IOException {
		int b;
		while ((b = this.input.read()) != -1) {
			this.received = true;
			if (b == '\n' && this.afterCarriageReturn) {
				this.afterCarriageReturn = false;
				continue;
			}
			this.afterCarriageReturn = (b == '\r');
			if (b == '\n' || b == '\r') {
				byte[] event = endOfLine();
				if (event != null) {
					return event;
				}
			}
			else {
				if (this.line.size() > this.maxEventSize + DATA.length + 2) {
					throw tooLarge();
				}
				this.line.write(b);
			}
		}
		return null;
	}

	/**
	 * Whether any byte was read from the stream (an event or a comment).
	 * @return whether anything came
	 */
	boolean hasReceived() {
		return this.received;
	}

	private byte @Nullable [] endOfLine() throws IOException {
		byte[] bytes = this.line.toByteArray();
		this.line.reset();
		int start = 0;
		if (this.firstLine) {
			this.firstLine = false;
			if (bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF) {
				start = 3;
			}
		}
		if (bytes.length == start) {
			return dispatch();
		}
		if (!isDataField(bytes, start)) {
			return null;
		}
		int value = start + DATA.length;
		if (value < bytes.length) {
			value++;
			if (value < bytes.length && bytes[value] == ' ') {
				value++;
			}
		}
		if (this.hasData) {
			this.data.write('\n');
		}
		this.data.write(bytes, value, bytes.length - value);
		this.hasData = true;
		if (this.data.size() > this.maxEventSize) {
			throw tooLarge();
		}
		return null;
	}

	private static boolean isDataField(byte[] bytes, int start) {
		if (bytes.length - start < DATA.length) {
			return false;
		}
		for (int i = 0; i < DATA.length; i++) {
			if (bytes[start + i] != DATA[i]) {
				return false;
			}
		}
		return bytes.length - start == DATA.length || bytes[start + DATA.length] == ':';
	}

	private byte @Nullable [] dispatch() {
		if (!this.hasData) {
			return null;
		}
		byte[] event = this.data.toByteArray();
		this.data.reset();
		this.hasData = false;
		return event;
	}

	private EventTooLargeException tooLarge() {
		return new EventTooLargeException("An event is larger than " + this.maxEventSize + " bytes");
	}

	/**
	 * An event carries more data than allowed.
	 */
	static final class EventTooLargeException extends IOException {

		EventTooLargeException(String message) {
			super(message);
		}

	}

}

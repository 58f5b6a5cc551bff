package dev.acp.spring.jsonrpc;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * Collects the bytes of one encoded frame. A generator writes its buffer out once when
 * the frame fits in it, so the frame is then copied once, into an array of its exact
 * size, where a {@link java.io.ByteArrayOutputStream} would grow its own array and copy
 * it again.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class FrameOutput extends OutputStream {

	private byte[] bytes = new byte[0];

	private int count;

	@Override
	public void write(int b) {
		ensureCapacity(this.count + 1);
		this.bytes[this.count++] = (byte) b;
	}

	@Override
	public void write(byte[] b, int off, int len) {
		if (this.count == 0 && this.bytes.length == 0) {
			this.bytes = Arrays.copyOfRange(b, off, off + len);
			this.count = len;
			return;
		}
		ensureCapacity(this.count + len);
		System.arraycopy(b, off, this.bytes, this.count, len);
		this.count += len;
	}

	private void ensureCapacity(int needed) {
		if (needed > this.bytes.length) {
			this.bytes = Arrays.copyOf(this.bytes, Math.max(needed, this.bytes.length * 2));
		}
	}

	/**
	 * The frame written.
	 * @return its bytes, the array written into when it has the exact size
	 */
	byte[] toByteArray() {
		return (this.count == this.bytes.length) ? this.bytes : Arrays.copyOf(this.bytes, this.count);
	}

}

package dev.acp.spring.transport.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Streams over a blocking socket channel that read and write it directly, so that one
 * thread may read while another writes: the streams of {@code Channels} share the
 * channel's blocking lock, and a reader waiting for input would hold back every write.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ChannelStreams {

	private ChannelStreams() {
	}

	static InputStream input(SocketChannel channel) {
		return new InputStream() {

			@Override
			public int read() throws IOException {
				byte[] one = new byte[1];
				int read = read(one, 0, 1);
				return (read < 0) ? -1 : one[0] & 0xff;
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				if (length == 0) {
					return 0;
				}
				return channel.read(ByteBuffer.wrap(buffer, offset, length));
			}

		};
	}

	static OutputStream output(SocketChannel channel) {
		return new OutputStream() {

			@Override
			public void write(int b) throws IOException {
				write(new byte[] { (byte) b }, 0, 1);
			}

			@Override
			public void write(byte[] buffer, int offset, int length) throws IOException {
				ByteBuffer bytes = ByteBuffer.wrap(buffer, offset, length);
				while (bytes.hasRemaining()) {
					channel.write(bytes);
				}
			}

			@Override
			public void close() throws IOException {
				channel.shutdownOutput();
			}

		};
	}

}

package dev.acp.spring.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;

import org.junit.jupiter.api.Test;

import static dev.acp.spring.lincheck.Interleavings.check;
import static dev.acp.spring.lincheck.Interleavings.explore;
import static dev.acp.spring.lincheck.Interleavings.inParallel;

/**
 * Model-checked concurrency of {@link HttpConnection}'s routing of outbound messages to
 * its {@link EventStream}s while readers come and go: a message for a session's stream or
 * for the connection's stream is delivered once, to a reader or queued for the next one,
 * and never lost.
 *
 * @author ACP Spring Boot Starter contributors
 */
class HttpConnectionLincheckTests {

	private static final String UPDATE = "{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"s\"}}";

	private static final String NOTICE = "{\"jsonrpc\":\"2.0\",\"method\":\"_test/notice\",\"params\":{}}";

	private static final HttpTransportSettings SETTINGS = new HttpTransportSettings(1 << 20, 10, 10, 1 << 20, 1 << 20,
			1 << 30, Duration.ofSeconds(10), Duration.ofMinutes(5), Duration.ofSeconds(15), 4, Duration.ofSeconds(10),
			Duration.ofSeconds(10), List.of());

	@Test
	void aMessageForASessionWhoseReaderLeavesIsDeliveredOnceUnderAnyInterleaving() {
		explore(50, () -> {
			HttpConnection connection = connection();
			EventStream stream = connection.sessionStream("s");
			Reader reader = new Reader();
			reader.attach(stream, () -> connection.sessionReaderGone("s", stream));
			inParallel(() -> connection.send(bytes(UPDATE)), reader::leave);
			check(delivered(connection, reader, UPDATE) == 1,
					"session/update delivered " + delivered(connection, reader, UPDATE) + " times as its reader left");
		});
	}

	@Test
	void aMessageForASessionWhoseReaderArrivesIsDeliveredOnceUnderAnyInterleaving() {
		explore(50, () -> {
			HttpConnection connection = connection();
			EventStream stream = connection.sessionStream("s");
			Reader reader = new Reader();
			inParallel(() -> connection.send(bytes(UPDATE)),
					() -> reader.attach(stream, () -> connection.sessionReaderGone("s", stream)));
			check(delivered(connection, reader, UPDATE) == 1, "session/update delivered "
					+ delivered(connection, reader, UPDATE) + " times as its reader arrived");
		});
	}

	@Test
	void aMessageForTheConnectionsStreamWhoseReaderLeavesIsDeliveredOnceUnderAnyInterleaving() {
		explore(50, () -> {
			HttpConnection connection = connection();
			Reader reader = new Reader();
			reader.attach(connection.connectionStream(), connection::readerGone);
			inParallel(() -> connection.send(bytes(NOTICE)), reader::leave);
			check(delivered(connection, reader, NOTICE) == 1, "a connection-scoped message delivered "
					+ delivered(connection, reader, NOTICE) + " times as the GET stream's reader left");
		});
	}

	private static HttpConnection connection() {
		return new HttpConnection("c", null, SETTINGS, new QueuedBytes(1 << 30, null), (overflowed) -> {
		}, () -> {
		});
	}

	/**
	 * How many times the message was delivered: written to the reader, or queued on the
	 * connection's stream or on the session's stream for its next reader.
	 */
	private static int delivered(HttpConnection connection, Reader reader, String message) {
		int delivered = reader.received(message);
		if (connection.connectionStream().hasQueued()) {
			delivered++;
		}
		EventStream session = connection.sessionStream("s");
		if (session != null && session.hasQueued()) {
			delivered++;
		}
		return delivered;
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * The response of a {@code GET} reading a stream: a client that takes every byte at
	 * once, and that can close the request.
	 */
	private static final class Reader extends ServletOutputStream {

		private final ByteArrayOutputStream received = new ByteArrayOutputStream();

		private volatile AsyncListener listener;

		void attach(EventStream stream, Runnable onGone) {
			ServletResponse response = proxy(ServletResponse.class,
					(method, args) -> "getOutputStream".equals(method) ? this : null);
			AsyncContext context = proxy(AsyncContext.class, (method, args) -> {
				if ("getResponse".equals(method)) {
					return response;
				}
				if ("addListener".equals(method)) {
					this.listener = (AsyncListener) args[0];
				}
				return null;
			});
			try {
				check(stream.attach(context, onGone), "the reader was not attached");
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		/** The client closes the request. */
		void leave() {
			try {
				this.listener.onComplete(null);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

		int received(String message) {
			String text = this.received.toString(StandardCharsets.UTF_8);
			int count = 0;
			for (int at = text.indexOf(message); at >= 0; at = text.indexOf(message, at + 1)) {
				count++;
			}
			return count;
		}

		@Override
		public boolean isReady() {
			return true;
		}

		@Override
		public void setWriteListener(WriteListener writeListener) {
		}

		@Override
		public void write(int b) {
			this.received.write(b);
		}

		@Override
		public void write(byte[] b, int off, int len) {
			this.received.write(b, off, len);
		}

		@SuppressWarnings("unchecked")
		private static <T> T proxy(Class<T> type, Answer answer) {
			return (T) Proxy.newProxyInstance(HttpConnectionLincheckTests.class.getClassLoader(),
					new Class<?>[] { type }, (self, method, args) -> {
						Object value = answer.of(method.getName(), args);
						if (value == null && method.getReturnType() == boolean.class) {
							return false;
						}
						if (value == null && method.getReturnType() == long.class) {
							return 0L;
						}
						return value;
					});
		}

	}

	@FunctionalInterface
	private interface Answer {

		Object of(String method, Object[] args);

	}

}

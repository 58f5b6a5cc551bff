package dev.acp.spring.transport.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcError;
import org.jspecify.annotations.Nullable;

/**
 * Carries one connection over newline-delimited JSON on a pair of streams (standard input
 * and output when an editor spawns the agent). A dedicated thread reads; at end of input
 * the in-flight requests drain (bounded), the rest are answered -32800, and the
 * {@code onInputClosed} callback runs. The transport keeps the JVM alive until its
 * connection closed and that callback ran, and no longer: once {@link #stop() stopped}
 * (the context closed) the process can end while the peer still holds its input open.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StdioTransport {

	private static final Log logger = LogFactory.getLog(StdioTransport.class);

	private static final int CHUNK_SIZE = 64 * 1024;

	private static final long CLOSE_GRACE_MILLIS = 5000;

	private static final long INPUT_GRACE_MILLIS = 500;

	private final String name;

	private final JsonRpcConnectionFactory connectionFactory;

	private final InputStream in;

	private final OutputStream out;

	private final int maxLineLength;

	private final Duration drainTimeout;

	private final Duration sendTimeLimit;

	private final Runnable onInputClosed;

	private final Object lifecycleMonitor = new Object();

	private final CountDownLatch closedLatch = new CountDownLatch(1);

	private final CountDownLatch finishedLatch = new CountDownLatch(1);

	private @Nullable Started started;

	private boolean closed;

	private volatile @Nullable String failure;

	/**
	 * Create a transport.
	 * @param connectionFactory opens the connection
	 * @param in where messages are read
	 * @param out where messages are written
	 * @param maxLineLength the longest accepted line, in bytes
	 * @param drainTimeout how long in-flight requests may finish when input ends
	 * @param sendTimeLimit how long a write may stay blocked (the client does not read)
	 * before the client is treated as gone and the connection closes as at end of input;
	 * zero or negative for no limit
	 * @param onInputClosed run once input ended and the connection closed
	 */
	public StdioTransport(JsonRpcConnectionFactory connectionFactory, InputStream in, OutputStream out,
			int maxLineLength, Duration drainTimeout, Duration sendTimeLimit, Runnable onInputClosed) {
		this("stdio", connectionFactory, in, out, maxLineLength, drainTimeout, sendTimeLimit, onInputClosed);
	}

	/**
	 * Create a transport carrying a connection over streams other than the process's own
	 * (a launcher's connection to a warm agent, say).
	 * @param name the transport name its connection reports
	 * @param connectionFactory opens the connection
	 * @param in where messages are read
	 * @param out where messages are written
	 * @param maxLineLength the longest accepted line, in bytes
	 * @param drainTimeout how long in-flight requests may finish when input ends
	 * @param sendTimeLimit how long a write may stay blocked before the peer is treated
	 * as gone; zero or negative for no limit
	 * @param onInputClosed run once input ended and the connection closed
	 */
	public StdioTransport(String name, JsonRpcConnectionFactory connectionFactory, InputStream in, OutputStream out,
			int maxLineLength, Duration drainTimeout, Duration sendTimeLimit, Runnable onInputClosed) {
		this.name = name;
		this.connectionFactory = connectionFactory;
		this.in = in;
		this.out = out;
		this.maxLineLength = maxLineLength;
		this.drainTimeout = drainTimeout;
		this.sendTimeLimit = sendTimeLimit;
		this.onInputClosed = onInputClosed;
	}

	/**
	 * Open the connection and start reading; does nothing when started already.
	 * @return the connection
	 */
	public JsonRpcConnection start() {
		synchronized (this.lifecycleMonitor) {
			if (this.started != null) {
				return this.started.connection();
			}
			NdjsonWriter writer = new NdjsonWriter(this.out, this::outputFailed);
			JsonRpcConnection connection = this.connectionFactory.open(this.name, writer);
			// a read of standard input cannot be interrupted: the reader is a daemon, and
			// another thread keeps the JVM alive until the transport is done
			Thread reader = new Thread(() -> read(writer, connection), "acp-stdio-reader");
			reader.setDaemon(true);
			this.started = new Started(writer, connection, reader);
			reader.start();
			new Thread(this::awaitFinished, "acp-stdio-keep-alive").start();
			if (this.sendTimeLimit.compareTo(Duration.ZERO) > 0) {
				Thread watchdog = new Thread(() -> watchOutput(writer), "acp-stdio-output-watchdog");
				watchdog.setDaemon(true);
				watchdog.start();
			}
			return connection;
		}
	}

	private void awaitFinished() {
		try {
			this.finishedLatch.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * A client that neither reads the agent's output nor closes it would leave a write
	 * (and with it the reading thread, which then never sees the end of input) blocked
	 * for ever: past the send time limit the output is abandoned, which closes the
	 * connection.
	 */
	private void watchOutput(NdjsonWriter writer) {
		long limit = this.sendTimeLimit.toNanos();
		long period = Math.max(limit / 4, TimeUnit.MILLISECONDS.toNanos(10));
		while (this.closedLatch.getCount() > 0) {
			LockSupport.parkNanos(this, period);
			if (writer.blockedNanos(System.nanoTime()) > limit) {
				logger
					.warn("Standard output was not read for " + this.sendTimeLimit + "; the client is treated as gone");
				writer.abandon();
				return;
			}
		}
	}

	/**
	 * Whether the transport was started and its connection has not finished closing (a
	 * draining transport is still running, so that a shutdown waits for it).
	 * @return whether running
	 */
	public boolean isRunning() {
		synchronized (this.lifecycleMonitor) {
			return this.started != null && this.closedLatch.getCount() > 0;
		}
	}

	/**
	 * Whether the connection is closing: input ended or a shutdown started, and requests
	 * in flight are being drained.
	 * @return whether draining
	 */
	public boolean isDraining() {
		synchronized (this.lifecycleMonitor) {
			return this.closed && this.closedLatch.getCount() > 0;
		}
	}

	/**
	 * Why reading failed, if it did (end of input is not a failure).
	 * @return the reason, or {@code null}
	 */
	public @Nullable String failure() {
		return this.failure;
	}

	/**
	 * The connection, once started.
	 * @return the connection or {@code null}
	 */
	public @Nullable JsonRpcConnection connection() {
		synchronized (this.lifecycleMonitor) {
			return (this.started != null) ? this.started.connection() : null;
		}
	}

	/**
	 * Drain and close the connection (shutdown, SIGTERM). The reader first gets a moment
	 * to take in what the peer already sent: a client that closes its end and then
	 * terminates the agent has its last requests answered too. Reading stops with the
	 * process.
	 */
	public void stop() {
		logger.debug("Stopping the stdio transport");
		Thread current;
		synchronized (this.lifecycleMonitor) {
			current = (this.started != null) ? this.started.reader() : null;
		}
		if (current != null && current != Thread.currentThread()) {
			try {
				current.join(Math.min(INPUT_GRACE_MILLIS, this.drainTimeout.toMillis()));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		if (close()) {
			this.finishedLatch.countDown();
		}
	}

	private void read(NdjsonWriter writer, JsonRpcConnection connection) {
		writer.deferFrom(Thread.currentThread());
		LineReader lines = new LineReader(this.in, this.maxLineLength, CHUNK_SIZE);
		try {
			lines.readAll(new LineReader.Listener() {

				@Override
				public void line(byte[] buffer, int offset, int length) {
					connection.receive(buffer, offset, length);
				}

				@Override
				public void chunkDelivered() {
					writer.flushDeferred();
				}

				@Override
				public void lineTooLong() {
					connection.reject(JsonRpcError.invalidRequest(
							"Message exceeds the maximum length of " + StdioTransport.this.maxLineLength + " bytes"));
				}

			});
		}
		catch (IOException ex) {
			String reason = "Could not read standard input: " + ex.getMessage();
			this.failure = reason;
			logger.warn(reason);
		}
		catch (RuntimeException ex) {
			String reason = "Reading standard input failed";
			this.failure = reason;
			logger.error(reason, ex);
		}
		logger.debug("Standard input closed");
		connection.inputEnded();
		closeAndRun(this.drainTimeout);
	}

	/**
	 * Close the connection, then run {@code onInputClosed} when this call closed it.
	 * @param drain the longest time to wait for in-flight requests
	 */
	private void closeAndRun(Duration drain) {
		try {
			if (close(drain)) {
				this.onInputClosed.run();
			}
		}
		finally {
			this.finishedLatch.countDown();
		}
	}

	/**
	 * Close the connection once; a second caller (a shutdown arriving while end of input
	 * drains) waits until the first has answered everything.
	 * @return whether this call closed the connection
	 */
	private boolean close() {
		return close(this.drainTimeout);
	}

	private boolean close(Duration drain) {
		Started open;
		synchronized (this.lifecycleMonitor) {
			if (this.started == null) {
				return false;
			}
			open = this.closed ? null : this.started;
			this.closed = true;
		}
		if (open == null) {
			awaitClosed();
			logger.debug("The stdio connection closed");
			return false;
		}
		try {
			if (!this.connectionFactory.close(open.connection(), drain)) {
				logger.warn("Requests still in flight after " + drain + " were answered as cancelled");
			}
			if (!open.writer().flush(Duration.ofMillis(CLOSE_GRACE_MILLIS))) {
				logger.warn("Standard output is not being read; unwritten answers are dropped");
			}
		}
		finally {
			this.closedLatch.countDown();
		}
		return true;
	}

	private void awaitClosed() {
		try {
			if (!this.closedLatch.await(this.drainTimeout.toMillis() + CLOSE_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
				logger.warn("The connection did not close in time");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Standard output failed (the client is gone): nothing can be answered any more, so
	 * the connection closes at once (handlers are told their requests are cancelled), as
	 * at end of input. Done on its own thread: the failing writer may be any sender.
	 */
	private void outputFailed() {
		logger.debug("Standard output failed; closing");
		this.failure = "Standard output failed";
		Thread closer = new Thread(() -> {
			JsonRpcConnection connection = connection();
			if (connection != null) {
				connection.inputEnded();
			}
			closeAndRun(Duration.ZERO);
		}, "acp-stdio-output-failed");
		closer.setDaemon(true);
		closer.start();
	}

	/**
	 * What {@link #start()} made: the writer, the connection and the thread reading for
	 * it.
	 */
	private record Started(NdjsonWriter writer, JsonRpcConnection connection, Thread reader) {
	}

}

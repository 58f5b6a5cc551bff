package dev.acp.spring.transport.stdio;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcError;

/**
 * Carries one connection over newline-delimited JSON on a pair of streams (standard input
 * and output when an editor spawns the agent). A dedicated thread reads; at end of input
 * the in-flight requests drain (bounded), the rest are answered -32800, and the
 * {@code onInputClosed} callback runs.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StdioTransport {

	private static final Log logger = LogFactory.getLog(StdioTransport.class);

	private static final int CHUNK_SIZE = 64 * 1024;

	private final JsonRpcConnectionFactory connectionFactory;

	private final InputStream in;

	private final OutputStream out;

	private final int maxLineLength;

	private final Duration drainTimeout;

	private final Runnable onInputClosed;

	private final Object lifecycleMonitor = new Object();

	private NdjsonWriter writer;

	private JsonRpcConnection connection;

	private Thread reader;

	private boolean closed;

	/**
	 * Create a transport.
	 * @param connectionFactory opens the connection
	 * @param in where messages are read
	 * @param out where messages are written
	 * @param maxLineLength the longest accepted line, in bytes
	 * @param drainTimeout how long in-flight requests may finish when input ends
	 * @param onInputClosed run once input ended and the connection closed
	 */
	public StdioTransport(JsonRpcConnectionFactory connectionFactory, InputStream in, OutputStream out,
			int maxLineLength, Duration drainTimeout, Runnable onInputClosed) {
		this.connectionFactory = connectionFactory;
		this.in = in;
		this.out = out;
		this.maxLineLength = maxLineLength;
		this.drainTimeout = drainTimeout;
		this.onInputClosed = onInputClosed;
	}

	/**
	 * Open the connection and start reading.
	 */
	public void start() {
		synchronized (this.lifecycleMonitor) {
			if (this.reader != null) {
				return;
			}
			this.writer = new NdjsonWriter(this.out, this::outputFailed);
			this.connection = this.connectionFactory.open("stdio", this.writer);
			this.reader = new Thread(this::read, "acp-stdio-reader");
			this.reader.start();
		}
	}

	/**
	 * Whether the transport was started and has not closed.
	 * @return whether running
	 */
	public boolean isRunning() {
		synchronized (this.lifecycleMonitor) {
			return this.reader != null && !this.closed;
		}
	}

	/**
	 * The connection, once started.
	 * @return the connection or {@code null}
	 */
	public JsonRpcConnection connection() {
		synchronized (this.lifecycleMonitor) {
			return this.connection;
		}
	}

	/**
	 * Drain and close the connection (shutdown); reading stops with the process.
	 */
	public void stop() {
		close();
	}

	private void read() {
		LineReader lines = new LineReader(this.in, this.maxLineLength, CHUNK_SIZE);
		try {
			lines.readAll(new LineReader.Listener() {

				@Override
				public void line(byte[] buffer, int offset, int length) {
					StdioTransport.this.connection.receive(buffer, offset, length);
				}

				@Override
				public void lineTooLong() {
					StdioTransport.this.connection.reject(JsonRpcError.invalidRequest(
							"Message exceeds the maximum length of " + StdioTransport.this.maxLineLength + " bytes"));
				}

			});
		}
		catch (IOException ex) {
			logger.warn("Could not read standard input: " + ex.getMessage());
		}
		catch (RuntimeException ex) {
			logger.error("Reading standard input failed", ex);
		}
		logger.debug("Standard input closed");
		if (close()) {
			this.onInputClosed.run();
		}
	}

	private boolean close() {
		JsonRpcConnection open;
		synchronized (this.lifecycleMonitor) {
			if (this.closed || this.connection == null) {
				return false;
			}
			this.closed = true;
			open = this.connection;
		}
		if (!this.connectionFactory.close(open, this.drainTimeout)) {
			logger.warn("Requests still in flight after " + this.drainTimeout + " were answered as cancelled");
		}
		this.writer.flush();
		return true;
	}

	private void outputFailed() {
		logger.debug("Standard output failed; closing");
	}

}

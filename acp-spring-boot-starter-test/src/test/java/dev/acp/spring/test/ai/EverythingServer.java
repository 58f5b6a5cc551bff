package dev.acp.spring.test.ai;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The reference MCP server {@code @modelcontextprotocol/server-everything} (installed by
 * the build in src/test/mcp) serving Streamable HTTP or SSE on a free port of 127.0.0.1,
 * with latches on what it logs: listening, and a client's session closed.
 */
final class EverythingServer implements AutoCloseable {

	static final Path INDEX = Path.of("src/test/mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js")
		.toAbsolutePath();

	private final Process process;

	private final int port;

	private final CountDownLatch listening = new CountDownLatch(1);

	private final CountDownLatch sessionClosed = new CountDownLatch(1);

	private final List<String> output = new CopyOnWriteArrayList<>();

	private EverythingServer(String transport, String listeningLine, String closedLine) throws Exception {
		this.port = freePort();
		ProcessBuilder builder = new ProcessBuilder("node", INDEX.toString(), transport).redirectErrorStream(true);
		builder.environment().put("PORT", Integer.toString(this.port));
		this.process = builder.start();
		Thread reader = new Thread(() -> read(listeningLine, closedLine), "everything-" + transport);
		reader.setDaemon(true);
		reader.start();
		if (!this.listening.await(30, TimeUnit.SECONDS)) {
			close();
			throw new IllegalStateException("server-everything " + transport + " did not start: " + this.output);
		}
	}

	/**
	 * Start the Streamable HTTP server, its endpoint at {@code /mcp}.
	 * @return the server
	 * @throws Exception when it did not start
	 */
	static EverythingServer streamableHttp() throws Exception {
		return new EverythingServer("streamableHttp", "listening on port", "Transport closed for session");
	}

	/**
	 * Start the HTTP+SSE server, its stream at {@code /sse}.
	 * @return the server
	 * @throws Exception when it did not start
	 */
	static EverythingServer sse() throws Exception {
		return new EverythingServer("sse", "Server is running on port", "Client Disconnected");
	}

	String url(String path) {
		return "http://127.0.0.1:" + this.port + path;
	}

	/**
	 * Wait for the server to log that a client's session closed.
	 * @return whether it did within 30 seconds
	 * @throws InterruptedException when interrupted
	 */
	boolean awaitSessionClosed() throws InterruptedException {
		return this.sessionClosed.await(30, TimeUnit.SECONDS);
	}

	private void read(String listeningLine, String closedLine) {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(this.process.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = reader.readLine()) != null) {
				this.output.add(line);
				if (line.contains(listeningLine)) {
					this.listening.countDown();
				}
				if (line.contains(closedLine)) {
					this.sessionClosed.countDown();
				}
			}
		}
		catch (IOException ex) {
			// the process is gone
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@Override
	public void close() throws Exception {
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
		}
	}

}

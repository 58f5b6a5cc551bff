package dev.acp.spring.transport.local;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.stdio.StdioTransport;
import org.jspecify.annotations.Nullable;

/**
 * Serves launchers over a Unix domain socket: each accepted socket is one connection,
 * carried exactly as standard input and output would carry it (its own
 * {@code initialize}, capabilities and sessions; at its end of input it drains and
 * closes, and no other connection notices). Tells when the last connection has closed, so
 * that an idle agent can exit.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class LocalSocketTransport {

	private static final Log logger = LogFactory.getLog(LocalSocketTransport.class);

	private final JsonRpcConnectionFactory connectionFactory;

	private final Path socket;

	private final int maxLineLength;

	private final Duration drainTimeout;

	private final Duration sendTimeLimit;

	private final Map<StdioTransport, SocketChannel> connections = new ConcurrentHashMap<>();

	private final Object idleMonitor = new Object();

	private volatile @Nullable ServerSocketChannel server;

	/**
	 * What tells the socket this transport bound from one bound later on the same path:
	 * the file's identity and time.
	 */
	private volatile @Nullable String bound;

	private volatile long idleSince = System.nanoTime();

	/**
	 * Create a transport.
	 * @param connectionFactory opens the connections
	 * @param socket the socket's path (its directory should be private to the user)
	 * @param maxLineLength the longest accepted line, in bytes
	 * @param drainTimeout how long a connection's requests may finish at its end of input
	 * @param sendTimeLimit how long a write may stay blocked before the launcher is
	 * treated as gone
	 */
	public LocalSocketTransport(JsonRpcConnectionFactory connectionFactory, Path socket, int maxLineLength,
			Duration drainTimeout, Duration sendTimeLimit) {
		this.connectionFactory = connectionFactory;
		this.socket = socket;
		this.maxLineLength = maxLineLength;
		this.drainTimeout = drainTimeout;
		this.sendTimeLimit = sendTimeLimit;
	}

	/**
	 * Bind the socket (replacing a stale one) and start accepting.
	 * @throws IOException if the socket cannot be bound
	 */
	public void start() throws IOException {
		Files.deleteIfExists(this.socket);
		ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
		channel.bind(UnixDomainSocketAddress.of(this.socket));
		this.bound = identity(this.socket);
		this.server = channel;
		Thread acceptor = new Thread(() -> accept(channel), "acp-local-acceptor");
		acceptor.start();
		logger.info("Serving launchers on " + this.socket);
	}

	private void accept(ServerSocketChannel channel) {
		while (channel.isOpen()) {
			SocketChannel accepted;
			try {
				accepted = channel.accept();
			}
			catch (ClosedChannelException ex) {
				return;
			}
			catch (IOException ex) {
				logger.warn("Accepting a launcher failed: " + ex.getMessage());
				continue;
			}
			serve(accepted);
		}
	}

	private void serve(SocketChannel channel) {
		StdioTransport[] transport = new StdioTransport[1];
		transport[0] = new StdioTransport("local", this.connectionFactory, ChannelStreams.input(channel),
				ChannelStreams.output(channel), this.maxLineLength, this.drainTimeout, this.sendTimeLimit,
				() -> closed(transport[0], channel));
		synchronized (this.idleMonitor) {
			this.connections.put(transport[0], channel);
		}
		transport[0].start();
	}

	private void closed(StdioTransport transport, SocketChannel channel) {
		try {
			channel.close();
		}
		catch (IOException ex) {
			logger.debug("Closing a launcher's socket failed", ex);
		}
		synchronized (this.idleMonitor) {
			this.connections.remove(transport);
			if (this.connections.isEmpty()) {
				this.idleSince = System.nanoTime();
			}
			this.idleMonitor.notifyAll();
		}
	}

	/**
	 * Wait until no launcher has been connected for {@code idleTimeout}, or the transport
	 * stopped.
	 * @param idleTimeout how long the agent may stay without a connection
	 * @return {@code true} when idle for that long, {@code false} when stopped
	 * @throws InterruptedException if interrupted
	 */
	public boolean awaitIdle(Duration idleTimeout) throws InterruptedException {
		synchronized (this.idleMonitor) {
			while (true) {
				ServerSocketChannel channel = this.server;
				if (channel == null || !channel.isOpen()) {
					return false;
				}
				long idleFor = System.nanoTime() - this.idleSince;
				if (this.connections.isEmpty() && idleFor >= idleTimeout.toNanos()) {
					return true;
				}
				long wait = this.connections.isEmpty() ? idleTimeout.toNanos() - idleFor : idleTimeout.toNanos();
				this.idleMonitor.wait(Math.max(1, wait / 1_000_000));
			}
		}
	}

	/**
	 * Whether the socket is bound and accepting.
	 * @return whether running
	 */
	public boolean isRunning() {
		ServerSocketChannel channel = this.server;
		return channel != null && channel.isOpen();
	}

	/**
	 * Stop accepting, drain every connection (in parallel), and remove the socket while
	 * it is still the one this transport bound: an agent that took the path over since
	 * (one a launcher started when this one stopped answering) keeps its socket.
	 */
	public void stop() {
		ServerSocketChannel channel = this.server;
		if (channel != null) {
			try {
				channel.close();
			}
			catch (IOException ex) {
				logger.debug("Closing the socket failed", ex);
			}
		}
		synchronized (this.idleMonitor) {
			this.idleMonitor.notifyAll();
		}
		List<Thread> stopping = new ArrayList<>();
		for (Map.Entry<StdioTransport, SocketChannel> connection : this.connections.entrySet()) {
			Thread thread = new Thread(() -> {
				connection.getKey().stop();
				closed(connection.getKey(), connection.getValue());
			}, "acp-local-stop");
			thread.start();
			stopping.add(thread);
		}
		for (Thread thread : stopping) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		try {
			String bound = this.bound;
			if (bound != null && bound.equals(identity(this.socket))) {
				Files.delete(this.socket);
			}
		}
		catch (IOException ex) {
			logger.debug("Removing the socket failed", ex);
		}
	}

	/**
	 * The file's identity (device and inode) and modification time (when it was bound, to
	 * the nanosecond where the file system keeps it), or {@code null} when there is no
	 * such file.
	 */
	private static @Nullable String identity(Path file) {
		try {
			BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
					LinkOption.NOFOLLOW_LINKS);
			return attributes.fileKey() + " " + attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS);
		}
		catch (IOException ex) {
			return null;
		}
	}

}

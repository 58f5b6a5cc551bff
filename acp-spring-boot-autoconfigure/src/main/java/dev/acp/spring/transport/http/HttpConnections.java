package dev.acp.spring.transport.http;

import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.websocket.ConnectionSlots;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The open connections of the Streamable HTTP transport: admitted against the shared
 * connection slots, found by id and principal, ended (drained, or closed at once when
 * their streams queue too much), kept by a timer (idle ones ended, stalled readers
 * detached, keep-alives sent), and all ended at shutdown.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HttpConnections {

	private static final Log logger = LogFactory.getLog(HttpConnections.class);

	/**
	 * The threads that close connections with no request to wait for (a burst of
	 * {@code DELETE}s is served by these few, not a thread each).
	 */
	private static final int CLOSE_THREADS = 4;

	/** How long an idle close or drain thread is kept. */
	private static final long CLOSE_THREAD_KEEP_ALIVE_SECONDS = 30;

	/** How long the shutdown waits for readers to take the last events. */
	private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

	private final JsonRpcConnectionFactory connectionFactory;

	private final HttpTransportSettings settings;

	private final Map<String, HttpConnection> connections = new ConcurrentHashMap<>();

	private final Object admission = new Object();

	/** The bytes queued by the streams of every connection. */
	private final QueuedBytes queued;

	private final Object evictions = new Object();

	private final ScheduledExecutorService timer;

	private final ExecutorService closers;

	private final ExecutorService drainers;

	private final ScheduledFuture<?> housekeeping;

	/** {@link System#nanoTime()}, or a test's clock. */
	private final LongSupplier clock;

	private volatile ConnectionSlots slots;

	private volatile boolean accepting = true;

	/**
	 * Create the connections and start their timer.
	 * @param connectionFactory opens the JSON-RPC connections
	 * @param settings the limits
	 */
	HttpConnections(JsonRpcConnectionFactory connectionFactory, HttpTransportSettings settings) {
		this(connectionFactory, settings, timer(), closers(), drainers(), System::nanoTime);
	}

	/**
	 * Create the connections on the given threads and start their timer.
	 * @param connectionFactory opens the JSON-RPC connections
	 * @param settings the limits
	 * @param timer runs the housekeeping
	 * @param closers close the connections with no request to wait for
	 * @param drainers close the connections whose requests in flight may drain
	 * @param clock {@link System#nanoTime()} or a stand-in
	 */
	HttpConnections(JsonRpcConnectionFactory connectionFactory, HttpTransportSettings settings,
			ScheduledExecutorService timer, ExecutorService closers, ExecutorService drainers, LongSupplier clock) {
		this.clock = clock;
		this.connectionFactory = connectionFactory;
		this.settings = settings;
		this.slots = new ConnectionSlots(settings.maxConnections());
		this.queued = new QueuedBytes(settings.maxQueuedTotalBytes(), null);
		this.closers = closers;
		this.drainers = drainers;
		this.timer = timer;
		long tick = tickMillis(settings);
		this.housekeeping = timer.scheduleWithFixedDelay(() -> tick(clock.getAsLong()), tick, tick,
				TimeUnit.MILLISECONDS);
	}

	/**
	 * The period of the housekeeping: a quarter of the shortest of the keep-alive
	 * interval, the idle timeout and the send time limit, within 10 ms and 1 s.
	 * @param settings the limits
	 * @return the period in milliseconds
	 */
	static long tickMillis(HttpTransportSettings settings) {
		long shortest = Math.min(settings.keepAliveInterval().toMillis(),
				Math.min(settings.idleTimeout().toMillis(), settings.sendTimeLimit().toMillis()));
		return Math.max(10, Math.min(1000, shortest / 4));
	}

	/**
	 * The thread of the housekeeping.
	 * @return the executor
	 */
	static ScheduledThreadPoolExecutor timer() {
		return new ScheduledThreadPoolExecutor(1, (task) -> daemon(task, "acp-http-timer"));
	}

	/**
	 * The threads that close connections with no request to wait for: a few, kept while
	 * busy, none while idle.
	 * @return the executor
	 */
	static ThreadPoolExecutor closers() {
		AtomicInteger closeThreads = new AtomicInteger();
		ThreadPoolExecutor closers = new ThreadPoolExecutor(CLOSE_THREADS, CLOSE_THREADS,
				CLOSE_THREAD_KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
				(task) -> daemon(task, "acp-http-close-" + closeThreads.incrementAndGet()));
		closers.allowCoreThreadTimeOut(true);
		return closers;
	}

	/**
	 * The threads that close connections whose requests in flight may drain: one each,
	 * none while idle.
	 * @return the executor
	 */
	static ThreadPoolExecutor drainers() {
		AtomicInteger drainThreads = new AtomicInteger();
		return new ThreadPoolExecutor(0, Integer.MAX_VALUE, CLOSE_THREAD_KEEP_ALIVE_SECONDS, TimeUnit.SECONDS,
				new SynchronousQueue<>(), (task) -> daemon(task, "acp-http-drain-" + drainThreads.incrementAndGet()));
	}

	private static Thread daemon(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

	/**
	 * Take connection slots from the given ones (shared with the WebSocket transport).
	 * @param slots the slots
	 */
	void setSlots(ConnectionSlots slots) {
		this.slots = slots;
	}

	/**
	 * Admit a connection: take a slot and open its JSON-RPC connection.
	 * @param principal the principal that opens it, or {@code null}
	 * @param principalName its name, or {@code null}
	 * @return the connection, or {@code null} when no slot is free or the transport is
	 * shutting down
	 */
	@Nullable HttpConnection open(@Nullable Principal principal, @Nullable String principalName) {
		synchronized (this.admission) {
			if (!this.accepting || !this.slots.tryTake()) {
				return null;
			}
			String id = UUID.randomUUID().toString();
			HttpConnection connection = new HttpConnection(id, principalName, this.settings, this.queued,
					this::overflowed, this::transportOverflowed, this.clock);
			try {
				JsonRpcConnection rpc = this.connectionFactory.open(id, "http", connection);
				rpc.setPrincipal(principal);
				rpc.setMaxInFlight(this.settings.maxRequestsInFlight());
				connection.setConnection(rpc);
			}
			catch (RuntimeException ex) {
				this.slots.giveBack();
				throw ex;
			}
			this.connections.put(id, connection);
			return connection;
		}
	}

	/**
	 * The open connection of the id that the principal made: an unknown, ended or another
	 * principal's connection is not found.
	 * @param connectionId the id
	 * @param principalName the name of the principal asking, or {@code null}
	 * @return the connection, or {@code null}
	 */
	@Nullable HttpConnection find(String connectionId, @Nullable String principalName) {
		HttpConnection connection = this.connections.get(connectionId);
		if (connection == null || connection.isEnded() || !Objects.equals(connection.principalName(), principalName)) {
			return null;
		}
		return connection;
	}

	/**
	 * End a connection in the background: no request is taken any more; the requests in
	 * flight finish within {@code drain}, the rest are answered -32800, then each stream
	 * ends once its reader took what is queued (or at once when {@code abort}). A
	 * connection with nothing to wait for is closed by one of a few shared threads; one
	 * whose requests in flight may drain waits on a thread of its own, so the drains of
	 * several connections overlap (their number is bounded by the requests in flight). A
	 * failure to close is logged.
	 * @param connection the connection
	 * @param drain how long requests in flight may take
	 * @param abort whether the streams end at once
	 */
	void end(HttpConnection connection, Duration drain, boolean abort) {
		end(connection, drain, abort, () -> {
		});
	}

	/**
	 * End a connection in the background (see
	 * {@link #end(HttpConnection, Duration, boolean)}) and tell when it is closed.
	 * @param connection the connection
	 * @param drain how long requests in flight may take
	 * @param abort whether the streams end at once
	 * @param closed run once the connection is closed, or at once when it was ended
	 * already
	 */
	private void end(HttpConnection connection, Duration drain, boolean abort, Runnable closed) {
		if (!connection.end()) {
			closed.run();
			return;
		}
		if (this.connections.remove(connection.id(), connection)) {
			this.slots.giveBack();
		}
		try {
			boolean waits = !abort && !drain.isZero() && !drain.isNegative()
					&& connection.connection().inFlightRequests() > 0;
			(waits ? this.drainers : this.closers).execute(() -> closeLogged(connection, drain, abort, closed));
		}
		catch (RejectedExecutionException ex) {
			// the transport shut down after this request found the connection: its
			// streams must not outlive the web server's shutdown
			closeLogged(connection, drain, true, closed);
		}
	}

	private void closeLogged(HttpConnection connection, Duration drain, boolean abort, Runnable closed) {
		try {
			close(connection, drain, abort);
		}
		catch (RuntimeException ex) {
			logger.warn("Closing HTTP connection " + connection.id() + " failed", ex);
		}
		finally {
			closed.run();
		}
	}

	/**
	 * The streams of a connection queue more than its bound: it is closed at once.
	 */
	private void overflowed(HttpConnection connection) {
		logger.warn("Closing HTTP connection " + connection.id() + ": its event streams queue more than "
				+ this.settings.maxQueuedBytes() + " bytes for readers that do not take them");
		end(connection, Duration.ZERO, true);
	}

	/**
	 * The streams of every connection together queue more than the transport's bound: the
	 * connection that queues the most is closed at once (its streams end and their bytes
	 * are freed before this returns), then the next, until the total is within the bound
	 * or no open connection queues anything.
	 */
	private void transportOverflowed() {
		synchronized (this.evictions) {
			while (!this.queued.within()) {
				HttpConnection largest = null;
				for (HttpConnection connection : this.connections.values()) {
					if (largest == null || connection.queuedBytes() > largest.queuedBytes()) {
						largest = connection;
					}
				}
				if (largest == null || largest.queuedBytes() == 0) {
					return;
				}
				logger.warn("Closing HTTP connection " + largest.id() + ": it queues the most (" + largest.queuedBytes()
						+ " bytes) while the event streams of all connections queue more than " + this.queued.max()
						+ " bytes");
				end(largest, Duration.ZERO, true);
				largest.abortStreams();
			}
		}
	}

	private void close(HttpConnection connection, Duration drain, boolean abort) {
		try {
			JsonRpcConnection rpc = connection.connection();
			rpc.inputEnded();
			this.connectionFactory.close(rpc, abort ? Duration.ZERO : drain);
		}
		finally {
			if (abort) {
				connection.abortStreams();
			}
			else {
				connection.finishStreams();
			}
		}
	}

	/**
	 * Housekeeping of every connection (see {@link HttpConnection#tick}): an idle one is
	 * ended.
	 * @param now {@link System#nanoTime()}
	 */
	void tick(long now) {
		try {
			for (HttpConnection connection : this.connections.values()) {
				connection.tick(now);
				if (connection.isIdle(now)) {
					logger.debug("Ending idle HTTP connection " + connection.id());
					end(connection, this.settings.drainTimeout(), false);
				}
			}
		}
		catch (RuntimeException ex) {
			logger.warn("HTTP transport housekeeping failed", ex);
		}
	}

	/**
	 * Stop accepting connections, end every connection in parallel (requests in flight
	 * drain within {@code drain}, the rest are answered -32800), and wait briefly for the
	 * readers to take the last events.
	 * @param drain how long requests in flight may take
	 */
	void shutdown(Duration drain) {
		synchronized (this.admission) {
			this.accepting = false;
		}
		List<HttpConnection> open = List.copyOf(this.connections.values());
		CountDownLatch closed = new CountDownLatch(open.size());
		for (HttpConnection connection : open) {
			end(connection, drain, false, closed::countDown);
		}
		try {
			if (!closed.await(drain.toMillis() + CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
				logger.debug("HTTP drain did not complete: " + closed.getCount() + " connections still closing");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
		for (HttpConnection connection : open) {
			try {
				connection.awaitNoReader(deadline);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			connection.abortStreams();
		}
		this.housekeeping.cancel(false);
		this.timer.shutdownNow();
		this.closers.shutdown();
		this.drainers.shutdown();
	}

	/**
	 * Whether connections are still accepted (not shutting down).
	 * @return whether accepting
	 */
	boolean isAccepting() {
		return this.accepting;
	}

	/**
	 * The number of open connections.
	 * @return the count
	 */
	int size() {
		return this.connections.size();
	}

}

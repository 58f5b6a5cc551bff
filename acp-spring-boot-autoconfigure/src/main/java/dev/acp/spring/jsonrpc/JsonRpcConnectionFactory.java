package dev.acp.spring.jsonrpc;

import java.time.Duration;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;

/**
 * Opens connections for transports and keeps track of the open ones.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class JsonRpcConnectionFactory {

	private final JsonRpcCodec codec;

	private final Executor executor;

	private final Executor controlExecutor;

	private final Duration outboundTimeout;

	private final JsonRpcHandlerFactory handlerFactory;

	private final Set<JsonRpcConnection> open = ConcurrentHashMap.newKeySet();

	private final JsonRpcStatistics statistics = new JsonRpcStatistics();

	private volatile int maxThreadsPerConnection;

	private volatile Semaphore waitingPermits = new Semaphore(Integer.MAX_VALUE);

	private volatile boolean orderedAnswers;

	/**
	 * Create a factory.
	 * @param codec the codec
	 * @param executor runs inbound requests and notifications; must not queue work behind
	 * a fixed number of threads (a blocked request must not hold back a cancellation)
	 * @param outboundTimeout the default timeout of outbound requests
	 * @param handlerFactory creates the handler of each connection
	 */
	public JsonRpcConnectionFactory(JsonRpcCodec codec, Executor executor, Duration outboundTimeout,
			JsonRpcHandlerFactory handlerFactory) {
		this(codec, executor, executor, outboundTimeout, handlerFactory);
	}

	/**
	 * Create a factory.
	 * @param codec the codec
	 * @param executor runs inbound requests; may be bounded (a refused request is
	 * answered -32001 at once)
	 * @param controlExecutor runs notifications in order and completes outbound requests;
	 * must not refuse work nor queue it behind a fixed number of threads
	 * @param outboundTimeout the default timeout of outbound requests
	 * @param handlerFactory creates the handler of each connection
	 */
	public JsonRpcConnectionFactory(JsonRpcCodec codec, Executor executor, Executor controlExecutor,
			Duration outboundTimeout, JsonRpcHandlerFactory handlerFactory) {
		this.codec = codec;
		this.executor = executor;
		this.controlExecutor = controlExecutor;
		this.outboundTimeout = outboundTimeout;
		this.handlerFactory = handlerFactory;
	}

	/**
	 * Bound the handler threads each connection opened from now on holds at once: past it
	 * a connection's requests wait in its own queue, taking no thread nor place of the
	 * shared queue from other connections.
	 * @param maxThreads the bound, {@code 0} or less for none
	 * @param maxWaiting the most requests waiting in their connections' own queues, over
	 * all connections; past it a request is answered busy
	 */
	public void setMaxThreadsPerConnection(int maxThreads, int maxWaiting) {
		this.maxThreadsPerConnection = maxThreads;
		this.waitingPermits = new Semaphore(Math.max(0, maxWaiting));
	}

	/**
	 * Complete the outbound requests of the connections opened from now on in order with
	 * the inbound notifications: an answer completes its request only after every
	 * notification received before it has been handled, on the thread that handles them
	 * (a client sees each {@code session/update} of a turn before the turn's answer).
	 * Code that depends on such a request must then not block.
	 * @param orderedAnswers whether answers are ordered with notifications
	 */
	public void setOrderedAnswers(boolean orderedAnswers) {
		this.orderedAnswers = orderedAnswers;
	}

	/**
	 * Open a connection.
	 * @param transport the transport name
	 * @param sink where the connection writes
	 * @return the connection
	 */
	public JsonRpcConnection open(String transport, MessageSink sink) {
		return open(UUID.randomUUID().toString(), transport, sink);
	}

	/**
	 * Open a connection with a given id.
	 * @param id the connection id (unique)
	 * @param transport the transport name
	 * @param sink where the connection writes
	 * @return the connection
	 */
	public JsonRpcConnection open(String id, String transport, MessageSink sink) {
		JsonRpcConnection connection = new JsonRpcConnection(id, transport, this.codec, sink, this.executor,
				this.controlExecutor, this.outboundTimeout, this.statistics, this.handlerFactory);
		connection.setMaxThreads(this.maxThreadsPerConnection, this.waitingPermits);
		connection.setOrderedAnswers(this.orderedAnswers);
		this.open.add(connection);
		return connection;
	}

	/**
	 * Close a connection, draining its in-flight requests.
	 * @param connection the connection
	 * @param drain the longest time to wait for in-flight requests
	 * @return whether every request finished in time
	 */
	public boolean close(JsonRpcConnection connection, Duration drain) {
		try {
			return connection.close(drain);
		}
		finally {
			this.open.remove(connection);
		}
	}

	/**
	 * Expire the requests of every open connection whose handler has run longer than
	 * {@code timeout} (see {@link JsonRpcConnection#expireRequests(Duration)}).
	 * @param timeout the longest a handler may run
	 */
	public void expireRequests(Duration timeout) {
		expireRequests(timeout, timeout);
	}

	/**
	 * Apply the request time limits on every open connection (see
	 * {@link JsonRpcConnection#expireRequests(Duration, Duration)}).
	 * @param timeout the longest a handler may run
	 * @param gracePeriod the longest a cancelled handler may take to return
	 */
	public void expireRequests(Duration timeout, Duration gracePeriod) {
		for (JsonRpcConnection connection : this.open) {
			connection.expireRequests(timeout, gracePeriod);
		}
	}

	/**
	 * Counts of the events no answer shows, over all connections.
	 * @return the statistics
	 */
	public JsonRpcStatistics statistics() {
		return this.statistics;
	}

	/**
	 * The number of inbound requests not answered yet, over all open connections.
	 * @return the count
	 */
	public int inFlightRequests() {
		int count = 0;
		for (JsonRpcConnection connection : this.open) {
			count += connection.inFlightRequests();
		}
		return count;
	}

	/**
	 * The number of connections open now.
	 * @return the count
	 */
	public int openConnectionCount() {
		return this.open.size();
	}

	/**
	 * The connections open now.
	 * @return an unmodifiable snapshot
	 */
	public Set<JsonRpcConnection> openConnections() {
		return Set.copyOf(this.open);
	}

}

package dev.acp.spring.transport.http;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcMessage;
import dev.acp.spring.jsonrpc.MessageSink;
import org.jspecify.annotations.Nullable;

/**
 * One ACP connection over Streamable HTTP: its JSON-RPC connection, its connection-scoped
 * event stream and its sessions' streams, and where each outbound message goes. A message
 * for a session (its {@code params.sessionId}, or the answer to a request POSTed with
 * {@code Acp-Session-Id}) goes to that session's stream while it has a reader or holds
 * events for its next one, else to the connection's stream; every other message goes to
 * the connection's stream; no message goes to two streams. The answer to the
 * {@code initialize} that created the connection goes to the body of its {@code POST}.
 * The bytes its streams queue count against its bound and the transport's.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HttpConnection implements MessageSink {

	private static final String CONNECTION_ROUTE = "";

	private final String id;

	private final @Nullable String principalName;

	private final HttpTransportSettings settings;

	private final Consumer<HttpConnection> onOverflow;

	private final QueuedBytes transportQueued;

	private final Runnable onTransportOverflow;

	private final EventStream connectionStream;

	private final Map<String, EventStream> sessionStreams = new ConcurrentHashMap<>();

	/** The session (or {@link #CONNECTION_ROUTE}) each POSTed request is answered on. */
	private final Map<String, String> answerRoutes = new ConcurrentHashMap<>();

	private final CompletableFuture<byte @Nullable []> initializeAnswer = new CompletableFuture<>();

	private final Object inbound = new Object();

	private volatile @Nullable String initializeKey;

	/** Set once opened, before the connection is found by any request. */
	private volatile @Nullable JsonRpcConnection connection;

	/** {@link System#nanoTime()}, or a test's clock. */
	private final LongSupplier clock;

	private volatile long lastActivity;

	private volatile boolean ended;

	private final Object readers = new Object();

	/** The bytes queued by all the streams of the connection together. */
	private final QueuedBytes queuedBytes;

	/** Runs between finding a session's stream for a message and offering it (tests). */
	private volatile Runnable afterRouting = () -> {
	};

	private long readersGone;

	/**
	 * Create a connection.
	 * @param id its id
	 * @param principalName the name of the principal that opened it, or {@code null}
	 * @param settings the limits
	 * @param transportQueued the bytes queued by every connection of the transport
	 * @param onOverflow told when the streams of this connection queue more than its
	 * bound
	 * @param onTransportOverflow told when a message of this connection takes the
	 * transport's queued bytes past their bound
	 */
	HttpConnection(String id, @Nullable String principalName, HttpTransportSettings settings,
			QueuedBytes transportQueued, Consumer<HttpConnection> onOverflow, Runnable onTransportOverflow) {
		this(id, principalName, settings, transportQueued, onOverflow, onTransportOverflow, System::nanoTime);
	}

	/**
	 * Create a connection that reads the time of its activity from a clock.
	 * @param id its id
	 * @param principalName the name of the principal that opened it, or {@code null}
	 * @param settings the limits
	 * @param transportQueued the bytes queued by every connection of the transport
	 * @param onOverflow told when the streams of this connection queue more than its
	 * bound
	 * @param onTransportOverflow told when a message of this connection takes the
	 * transport's queued bytes past their bound
	 * @param clock {@link System#nanoTime()} or a stand-in
	 */
	HttpConnection(String id, @Nullable String principalName, HttpTransportSettings settings,
			QueuedBytes transportQueued, Consumer<HttpConnection> onOverflow, Runnable onTransportOverflow,
			LongSupplier clock) {
		this.clock = clock;
		this.lastActivity = clock.getAsLong();
		this.id = id;
		this.principalName = principalName;
		this.settings = settings;
		this.transportQueued = transportQueued;
		this.onOverflow = onOverflow;
		this.onTransportOverflow = onTransportOverflow;
		this.queuedBytes = new QueuedBytes(settings.maxQueuedBytes(), transportQueued);
		this.connectionStream = new EventStream("connection " + id, settings.sendBufferSize(), this.queuedBytes, clock);
	}

	String id() {
		return this.id;
	}

	@Nullable String principalName() {
		return this.principalName;
	}

	/**
	 * The JSON-RPC connection.
	 * @return the connection
	 * @throws IllegalStateException if called before {@link #setConnection} (the
	 * connections set it before a request can find this one)
	 */
	JsonRpcConnection connection() {
		JsonRpcConnection current = this.connection;
		if (current == null) {
			throw new IllegalStateException("HTTP connection " + this.id + " is not opened yet");
		}
		return current;
	}

	void setConnection(JsonRpcConnection connection) {
		this.connection = connection;
	}

	/**
	 * Hand a POSTed message to the connection. POSTs of one connection may arrive at once
	 * (HTTP/2 multiplexes them): they are received one at a time, in the order they get
	 * here, as a transport's reading thread would.
	 * @param message the message
	 */
	void receive(JsonRpcMessage message) {
		synchronized (this.inbound) {
			connection().receive(message);
		}
	}

	boolean isEnded() {
		return this.ended;
	}

	/**
	 * Mark the connection ended: no request is taken any more.
	 * @return {@code false} if it was ended already
	 */
	synchronized boolean end() {
		if (this.ended) {
			return false;
		}
		this.ended = true;
		return true;
	}

	void touch() {
		this.lastActivity = this.clock.getAsLong();
	}

	/**
	 * A reader of one of the connection's streams is gone (called holding that stream's
	 * lock, so the wait below never holds {@link #readers} while it asks the streams).
	 */
	void readerGone() {
		touch();
		synchronized (this.readers) {
			this.readersGone++;
			this.readers.notifyAll();
		}
	}

	/**
	 * Wait until none of the connection's streams has a reader.
	 * @param deadline the latest {@link System#nanoTime()} to wait until
	 * @return whether no reader is left
	 * @throws InterruptedException if interrupted while waiting
	 */
	boolean awaitNoReader(long deadline) throws InterruptedException {
		for (;;) {
			long seen;
			synchronized (this.readers) {
				seen = this.readersGone;
			}
			if (!hasReader()) {
				return true;
			}
			synchronized (this.readers) {
				while (this.readersGone == seen) {
					long left = deadline - System.nanoTime();
					if (left <= 0) {
						return false;
					}
					TimeUnit.NANOSECONDS.timedWait(this.readers, left);
				}
			}
		}
	}

	/**
	 * Whether the connection had no reader and no request for the idle timeout.
	 * @param now {@link System#nanoTime()}
	 * @return whether idle
	 */
	boolean isIdle(long now) {
		return now - this.lastActivity > this.settings.idleTimeout().toNanos() && !hasReader();
	}

	/**
	 * Whether any of the connection's streams has a reader.
	 * @return whether one has
	 */
	boolean hasReader() {
		if (this.connectionStream.hasReceiver()) {
			return true;
		}
		for (EventStream stream : this.sessionStreams.values()) {
			if (stream.hasReceiver()) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Expect the answer to the {@code initialize} request with the given id key in the
	 * body of its {@code POST}.
	 * @param key the id key
	 * @return the answer
	 */
	CompletableFuture<byte @Nullable []> expectInitializeAnswer(String key) {
		this.initializeKey = key;
		return this.initializeAnswer;
	}

	/**
	 * Record where the answer to a POSTed request goes.
	 * @param idKey the request's id key
	 * @param sessionId the session whose stream carries it, or {@code null} for the
	 * connection's stream
	 */
	void answerOn(String idKey, @Nullable String sessionId) {
		this.answerRoutes.put(idKey, (sessionId != null) ? sessionId : CONNECTION_ROUTE);
	}

	/**
	 * The stream of a session, created for a {@code GET} that opens it (a session stream
	 * may be opened before the session exists, as resuming a session does). Streams are
	 * made under the lock that {@link #end()} takes, so every stream of the connection
	 * exists before it ends and is finished with the others.
	 * @param sessionId the session
	 * @return the stream, or {@code null} when the connection has ended or has as many
	 * session streams as it may
	 */
	synchronized @Nullable EventStream sessionStream(String sessionId) {
		if (this.ended) {
			return null;
		}
		EventStream existing = this.sessionStreams.get(sessionId);
		if (existing != null && !existing.isDropped()) {
			return existing;
		}
		if (existing != null) {
			this.sessionStreams.remove(sessionId, existing);
		}
		if (this.sessionStreams.size() >= this.settings.maxSessionStreams()) {
			return null;
		}
		EventStream stream = new EventStream("session " + sessionId + " of connection " + this.id,
				this.settings.sendBufferSize(), this.queuedBytes, this.clock);
		this.sessionStreams.put(sessionId, stream);
		return stream;
	}

	EventStream connectionStream() {
		return this.connectionStream;
	}

	/**
	 * A session stream's reader is gone: the stream is dropped unless events wait in it
	 * for the next reader (decided under the stream's lock, as a message routed to it is
	 * queued, so no message is queued on a dropped stream).
	 * @param sessionId the session
	 * @param stream its stream
	 */
	void sessionReaderGone(String sessionId, EventStream stream) {
		if (stream.dropIfUnread()) {
			this.sessionStreams.remove(sessionId, stream);
		}
		readerGone();
	}

	@Override
	public void send(byte[] frame) {
		OutboundRoute route = OutboundRoute.of(frame);
		String sessionId = route.sessionId();
		String idKey = route.idKey();
		if (route.response() && idKey != null) {
			if (idKey.equals(this.initializeKey) && !this.initializeAnswer.isDone()) {
				this.initializeKey = null;
				this.initializeAnswer.complete(frame);
				return;
			}
			String answerRoute = this.answerRoutes.remove(idKey);
			sessionId = (answerRoute == null || answerRoute.isEmpty()) ? null : answerRoute;
		}
		boolean kept;
		synchronized (this) {
			EventStream session = (sessionId != null) ? this.sessionStreams.get(sessionId) : null;
			this.afterRouting.run();
			EventStream.Offer offer = (session != null) ? session.offerIfRead(frame) : EventStream.Offer.REFUSED;
			kept = (offer == EventStream.Offer.REFUSED) ? this.connectionStream.offer(frame)
					: offer == EventStream.Offer.KEPT;
		}
		if (!kept) {
			this.onOverflow.accept(this);
		}
		else if (!this.transportQueued.within()) {
			this.onTransportOverflow.run();
		}
	}

	/**
	 * The bytes the streams of the connection queue now.
	 * @return the count
	 */
	long queuedBytes() {
		return this.queuedBytes.get();
	}

	/**
	 * Run a hook between choosing the stream of a message and offering it to that stream.
	 * @param hook the hook
	 */
	void afterRouting(Runnable hook) {
		this.afterRouting = hook;
	}

	/**
	 * No more events come: each stream ends once its reader has taken what is queued.
	 */
	void finishStreams() {
		this.initializeAnswer.complete(null);
		this.connectionStream.finish();
		for (EventStream stream : this.sessionStreams.values()) {
			stream.finish();
		}
	}

	/**
	 * End every stream at once.
	 */
	void abortStreams() {
		this.initializeAnswer.complete(null);
		this.connectionStream.abort();
		for (EventStream stream : this.sessionStreams.values()) {
			stream.abort();
		}
	}

	/**
	 * Housekeeping of every stream (see {@link EventStream#tick}).
	 * @param now {@link System#nanoTime()}
	 */
	void tick(long now) {
		long sendTimeLimit = this.settings.sendTimeLimit().toNanos();
		long keepAlive = this.settings.keepAliveInterval().toNanos();
		this.connectionStream.tick(now, sendTimeLimit, keepAlive);
		for (Map.Entry<String, EventStream> entry : this.sessionStreams.entrySet()) {
			entry.getValue().tick(now, sendTimeLimit, keepAlive);
		}
	}

}

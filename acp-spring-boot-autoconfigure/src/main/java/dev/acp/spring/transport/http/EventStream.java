package dev.acp.spring.transport.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.function.LongSupplier;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * One outbound stream of an HTTP connection (the connection-scoped one, or one
 * session's): the server-sent events queued for it, and at most one receiver, the
 * response of a {@code GET} that reads them. Writes never block: a receiver takes what
 * its client accepts (servlet non-blocking output) and the rest waits in the queue. A
 * receiver that falls more than the send buffer behind, or makes no progress for the send
 * time limit, is detached (its response ends) and the events stay queued for the next
 * {@code GET}; when the streams of a connection together queue more than its cap, the
 * stream overflows and the connection is closed.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class EventStream {

	private static final Log logger = LogFactory.getLog(EventStream.class);

	private static final byte[] DATA = "data: ".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] END = "\n\n".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] KEEP_ALIVE = ":\n\n".getBytes(StandardCharsets.US_ASCII);

	private final String name;

	private final long sendBufferSize;

	/** The bytes queued by all the streams of the connection, against its bound. */
	private final QueuedBytes connectionQueued;

	/** {@link System#nanoTime()}, or a test's clock. */
	private final LongSupplier clock;

	private final ArrayDeque<byte[]> queue = new ArrayDeque<>();

	private long queuedBytes;

	private @Nullable Receiver receiver;

	private boolean finished;

	private boolean dropped;

	/** What became of a message offered to a session's stream. */
	enum Offer {

		/** Queued (or written). */
		KEPT,

		/** Queued, but the stream overflowed. */
		OVERFLOWED,

		/** Not taken: the stream has no reader and nothing queued, or was dropped. */
		REFUSED

	}

	/**
	 * Create a stream.
	 * @param name the name in log messages
	 * @param sendBufferSize the most bytes queued for an attached receiver before it is
	 * detached
	 * @param connectionQueued the bytes queued by all the streams of the connection, with
	 * the most they may queue together before the stream overflows
	 */
	EventStream(String name, long sendBufferSize, QueuedBytes connectionQueued) {
		this(name, sendBufferSize, connectionQueued, System::nanoTime);
	}

	/**
	 * Create a stream that reads the time of its receivers' progress from a clock.
	 * @param name the name in log messages
	 * @param sendBufferSize the most bytes queued for an attached receiver before it is
	 * detached
	 * @param connectionQueued the bytes queued by all the streams of the connection, with
	 * the most they may queue together before the stream overflows
	 * @param clock {@link System#nanoTime()} or a stand-in
	 */
	EventStream(String name, long sendBufferSize, QueuedBytes connectionQueued, LongSupplier clock) {
		this.name = name;
		this.sendBufferSize = sendBufferSize;
		this.connectionQueued = connectionQueued;
		this.clock = clock;
	}

	/**
	 * Queue one message as an event and write what the receiver accepts.
	 * @param frame the JSON text of the message (one line)
	 * @return {@code false} if the stream overflowed (the streams of the connection queue
	 * more than their cap together)
	 */
	synchronized boolean offer(byte[] frame) {
		if (this.finished) {
			return true;
		}
		byte[] event = new byte[DATA.length + frame.length + END.length];
		System.arraycopy(DATA, 0, event, 0, DATA.length);
		System.arraycopy(frame, 0, event, DATA.length, frame.length);
		System.arraycopy(END, 0, event, DATA.length + frame.length, END.length);
		this.queue.add(event);
		queued(event.length);
		if (this.receiver != null) {
			if (this.queuedBytes - this.queue.peekFirst().length > this.sendBufferSize) {
				logger.debug("Detaching the reader of " + this.name + ": it is more than the send buffer behind");
				detach();
			}
			else {
				this.receiver.drain();
			}
		}
		return this.connectionQueued.within();
	}

	/**
	 * Queue one message only if the stream is read or holds events for its next reader,
	 * deciding and queueing under the lock that {@link #dropIfUnread()} takes, so a
	 * message is never queued on a stream that was dropped meanwhile.
	 * @param frame the JSON text of the message (one line)
	 * @return what became of it
	 */
	synchronized Offer offerIfRead(byte[] frame) {
		if (this.dropped || (this.receiver == null && this.queue.isEmpty())) {
			return Offer.REFUSED;
		}
		return offer(frame) ? Offer.KEPT : Offer.OVERFLOWED;
	}

	/**
	 * Drop the stream if it has no receiver and nothing queued: it takes no message and
	 * no receiver any more.
	 * @return whether it is dropped
	 */
	synchronized boolean dropIfUnread() {
		if (this.receiver == null && this.queue.isEmpty()) {
			this.dropped = true;
		}
		return this.dropped;
	}

	/**
	 * Whether the stream was dropped (see {@link #dropIfUnread()}).
	 * @return whether dropped
	 */
	synchronized boolean isDropped() {
		return this.dropped;
	}

	/**
	 * Attach the receiver of a {@code GET}: it takes every event queued so far, then the
	 * later ones.
	 * @param context the started asynchronous request
	 * @param onGone called once the receiver is gone (client closed, detached, finished)
	 * @return {@code false} when the stream already has a receiver, is finished or was
	 * dropped
	 * @throws IOException if the response cannot be written
	 */
	synchronized boolean attach(AsyncContext context, Runnable onGone) throws IOException {
		if (this.receiver != null || this.finished || this.dropped) {
			return false;
		}
		Receiver attached = new Receiver(context, context.getResponse().getOutputStream(), onGone);
		this.receiver = attached;
		context.addListener(attached);
		attached.output.setWriteListener(attached);
		return true;
	}

	/**
	 * Whether a receiver is attached.
	 * @return whether attached
	 */
	synchronized boolean hasReceiver() {
		return this.receiver != null;
	}

	/**
	 * Whether events wait for a receiver.
	 * @return whether any are queued
	 */
	synchronized boolean hasQueued() {
		return !this.queue.isEmpty();
	}

	/**
	 * The bytes queued now.
	 * @return the count
	 */
	synchronized long queuedBytes() {
		return this.queuedBytes;
	}

	/**
	 * Housekeeping on a timer: detach a receiver that made no progress for
	 * {@code sendTimeLimitNanos} while events wait, and send a keep-alive comment to one
	 * that has had nothing to read for {@code keepAliveNanos}.
	 * @param now {@link System#nanoTime()}
	 * @param sendTimeLimitNanos the longest a receiver may make no progress
	 * @param keepAliveNanos the idle time after which a comment is sent
	 */
	synchronized void tick(long now, long sendTimeLimitNanos, long keepAliveNanos) {
		Receiver current = this.receiver;
		if (current == null) {
			return;
		}
		if (!this.queue.isEmpty() || current.unflushed) {
			if (now - current.lastProgress > sendTimeLimitNanos) {
				logger.debug("Detaching the reader of " + this.name + ": it made no progress in time");
				detach();
			}
			return;
		}
		if (now - current.lastProgress > keepAliveNanos) {
			this.queue.add(KEEP_ALIVE);
			queued(KEEP_ALIVE.length);
			current.drain();
		}
	}

	/**
	 * No more events come: the receiver is ended once it has taken the queued ones; later
	 * {@code GET}s are refused.
	 */
	synchronized void finish() {
		this.finished = true;
		if (this.receiver != null) {
			this.receiver.drain();
		}
	}

	/**
	 * End the receiver at once, dropping what it has not taken.
	 */
	synchronized void abort() {
		this.finished = true;
		this.queue.clear();
		queued(-this.queuedBytes);
		detach();
	}

	/** Count bytes queued (or taken, when negative); called holding the lock. */
	private void queued(long bytes) {
		this.queuedBytes += bytes;
		this.connectionQueued.add(bytes);
	}

	private void detach() {
		Receiver current = this.receiver;
		if (current != null) {
			current.end();
		}
	}

	/**
	 * The response of one {@code GET} reading the stream.
	 */
	private final class Receiver implements WriteListener, AsyncListener {

		private final AsyncContext context;

		private final ServletOutputStream output;

		private final Runnable onGone;

		private long lastProgress = EventStream.this.clock.getAsLong();

		private boolean unflushed = true;

		private boolean ended;

		Receiver(AsyncContext context, ServletOutputStream output, Runnable onGone) {
			this.context = context;
			this.output = output;
			this.onGone = onGone;
		}

		/** Write what the client accepts; called holding the stream's lock. */
		void drain() {
			if (this.ended) {
				return;
			}
			try {
				while (this.output.isReady()) {
					byte[] next = EventStream.this.queue.pollFirst();
					if (next == null) {
						if (this.unflushed) {
							this.unflushed = false;
							this.output.flush();
							this.lastProgress = EventStream.this.clock.getAsLong();
							continue;
						}
						if (EventStream.this.finished) {
							end();
						}
						return;
					}
					queued(-next.length);
					this.output.write(next);
					this.unflushed = true;
					this.lastProgress = EventStream.this.clock.getAsLong();
				}
			}
			catch (IOException | RuntimeException ex) {
				logger.debug("The reader of " + EventStream.this.name + " is gone: " + ex.getMessage());
				end();
			}
		}

		/** End the response; called holding the stream's lock. */
		void end() {
			if (this.ended) {
				return;
			}
			this.ended = true;
			if (EventStream.this.receiver == this) {
				EventStream.this.receiver = null;
			}
			try {
				this.context.complete();
			}
			catch (RuntimeException ex) {
				logger.debug("Could not end the reader of " + EventStream.this.name + ": " + ex.getMessage());
			}
			this.onGone.run();
		}

		@Override
		public void onWritePossible() {
			synchronized (EventStream.this) {
				drain();
			}
		}

		@Override
		public void onError(Throwable ex) {
			gone();
		}

		@Override
		public void onComplete(AsyncEvent event) {
			gone();
		}

		@Override
		public void onTimeout(AsyncEvent event) {
			gone();
		}

		@Override
		public void onError(AsyncEvent event) {
			gone();
		}

		@Override
		public void onStartAsync(AsyncEvent event) {
		}

		private void gone() {
			synchronized (EventStream.this) {
				end();
			}
		}

	}

}

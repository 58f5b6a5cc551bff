package dev.acp.spring.transport.stdio;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.MessageSink;
import org.jspecify.annotations.Nullable;

/**
 * Writes frames as newline-delimited JSON. Senders queue their frame; whichever sender
 * holds the lock writes everything queued and flushes once, so concurrent messages are
 * batched into few writes without a writer thread. Past {@link #MAX_QUEUED_BYTES} queued
 * behind a blocked write, senders wait for it (back-pressure on a client that does not
 * read).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class NdjsonWriter implements MessageSink {

	private static final Log logger = LogFactory.getLog(NdjsonWriter.class);

	private static final int BUFFER_SIZE = 64 * 1024;

	/**
	 * Bytes queued behind a blocked write beyond which a sender waits for the write
	 * instead of queueing: a client that stops reading slows the agent down (the reading
	 * thread included) rather than letting the queue grow without bound.
	 */
	static final long MAX_QUEUED_BYTES = 16L * 1024 * 1024;

	/**
	 * Bytes the deferring thread may queue before it writes anyway.
	 */
	private static final long DEFERRED_BYTES = BUFFER_SIZE;

	private final OutputStream out;

	private final Queue<byte[]> queue = new ConcurrentLinkedQueue<>();

	private final AtomicLong queuedBytes = new AtomicLong();

	private final ReentrantLock lock = new ReentrantLock();

	private final byte[] buffer = new byte[BUFFER_SIZE];

	private final Runnable onFailure;

	private int count;

	private final AtomicBoolean failed = new AtomicBoolean();

	private volatile long writingSince;

	private volatile @Nullable Thread deferring;

	NdjsonWriter(OutputStream out, Runnable onFailure) {
		this.out = out;
		this.onFailure = onFailure;
	}

	/**
	 * Let one thread (the reading thread) queue its frames without writing them, until it
	 * calls {@link #flushDeferred()}: the answers to a chunk of pipelined requests go out
	 * in one write.
	 * @param thread the thread
	 */
	void deferFrom(Thread thread) {
		this.deferring = thread;
	}

	/**
	 * How long the write in progress has been blocked (the client is not reading).
	 * @param now the current {@link System#nanoTime()}
	 * @return nanoseconds, {@code 0} when no write is in progress
	 */
	long blockedNanos(long now) {
		long since = this.writingSince;
		return (since != 0) ? now - since : 0;
	}

	/**
	 * Give up on the output as if a write had failed: what is queued and what comes later
	 * is dropped, and the failure callback runs (once). A thread blocked in a write stays
	 * blocked until the client reads or the process ends.
	 */
	void abandon() {
		fail();
	}

	@Override
	public void send(byte[] frame) {
		if (this.failed.get()) {
			return;
		}
		this.queue.add(frame);
		long queued = this.queuedBytes.addAndGet(frame.length);
		if (queued > MAX_QUEUED_BYTES) {
			flush();
		}
		else if (queued <= DEFERRED_BYTES && Thread.currentThread() == this.deferring) {
			return;
		}
		else {
			drain();
		}
	}

	/**
	 * Write what the deferring thread queued.
	 */
	void flushDeferred() {
		if (!this.queue.isEmpty()) {
			drain();
		}
	}

	private void drain() {
		do {
			if (!this.lock.tryLock()) {
				return;
			}
			try {
				writeQueued();
			}
			finally {
				this.lock.unlock();
			}
		}
		while (!this.queue.isEmpty() && !this.failed.get());
	}

	/**
	 * Write everything queued, waiting for a sender that is writing now; frames queued
	 * while this call held the lock are written too.
	 */
	void flush() {
		this.lock.lock();
		try {
			writeQueued();
		}
		finally {
			this.lock.unlock();
		}
		drain();
	}

	/**
	 * Write everything queued, waiting at most {@code timeout} for a sender that is
	 * writing now (a client that stops reading must not hold a shutdown for ever).
	 * @param timeout the longest wait for the lock
	 * @return whether everything queued was written
	 */
	boolean flush(Duration timeout) {
		if (this.failed.get()) {
			return false;
		}
		try {
			if (!this.lock.tryLock(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
				return false;
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
		try {
			writeQueued();
		}
		finally {
			this.lock.unlock();
		}
		drain();
		return this.queue.isEmpty() && !this.failed.get();
	}

	private void writeQueued() {
		if (this.failed.get()) {
			this.queue.clear();
			this.queuedBytes.set(0);
			return;
		}
		this.writingSince = System.nanoTime() | 1;
		try {
			byte[] frame;
			while ((frame = this.queue.poll()) != null) {
				this.queuedBytes.addAndGet(-frame.length);
				write(frame);
			}
			if (this.count > 0) {
				this.out.write(this.buffer, 0, this.count);
				this.count = 0;
			}
			this.out.flush();
		}
		catch (IOException ex) {
			if (!this.failed.get()) {
				logger.warn("Could not write to standard output: " + ex.getMessage());
			}
			fail();
		}
		finally {
			this.writingSince = 0;
		}
	}

	private void fail() {
		if (!this.failed.compareAndSet(false, true)) {
			return;
		}
		this.queue.clear();
		this.queuedBytes.set(0);
		this.onFailure.run();
	}

	private void write(byte[] frame) throws IOException {
		if (frame.length + 1 > this.buffer.length - this.count) {
			if (this.count > 0) {
				this.out.write(this.buffer, 0, this.count);
				this.count = 0;
			}
			if (frame.length + 1 > this.buffer.length) {
				this.out.write(frame);
				this.out.write('\n');
				return;
			}
		}
		System.arraycopy(frame, 0, this.buffer, this.count, frame.length);
		this.count += frame.length;
		this.buffer[this.count++] = '\n';
	}

}

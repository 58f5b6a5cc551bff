package dev.acp.spring.transport.http;

import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

/**
 * The bytes queued by event streams against a bound: one counter per connection (all its
 * streams together), each adding to the transport's counter (all connections together).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class QueuedBytes {

	private final AtomicLong bytes = new AtomicLong();

	private final long max;

	private final @Nullable QueuedBytes whole;

	/**
	 * Create a counter.
	 * @param max the most bytes it may count and stay within its bound
	 * @param whole the counter this one is a part of (it counts the same bytes), or
	 * {@code null}
	 */
	QueuedBytes(long max, @Nullable QueuedBytes whole) {
		this.max = max;
		this.whole = whole;
	}

	/**
	 * Count bytes queued (or taken, when negative).
	 * @param count the bytes
	 */
	void add(long count) {
		this.bytes.addAndGet(count);
		if (this.whole != null) {
			this.whole.add(count);
		}
	}

	/**
	 * The bytes counted now.
	 * @return the count
	 */
	long get() {
		return this.bytes.get();
	}

	/**
	 * Whether the count is within the bound.
	 * @return whether at most the bound is counted
	 */
	boolean within() {
		return this.bytes.get() <= this.max;
	}

	/**
	 * The bound.
	 * @return the most bytes within it
	 */
	long max() {
		return this.max;
	}

}

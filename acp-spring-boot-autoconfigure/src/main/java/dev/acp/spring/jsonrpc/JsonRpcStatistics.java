package dev.acp.spring.jsonrpc;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts of the events of all connections of a factory that no answer shows: frames that
 * could not be read, notifications dropped, requests cancelled, requests refused as busy,
 * and the notifications sent to the peer. Counting costs a {@link LongAdder} add.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class JsonRpcStatistics {

	private final LongAdder parseErrors = new LongAdder();

	private final LongAdder droppedNotifications = new LongAdder();

	private final LongAdder cancellations = new LongAdder();

	private final LongAdder busyRefusals = new LongAdder();

	private final LongAdder sentNotifications = new LongAdder();

	/**
	 * Count a frame that was not a valid message (answered -32700 or -32600).
	 */
	public void parseError() {
		this.parseErrors.increment();
	}

	/**
	 * Count a notification dropped unhandled (malformed, unknown, or not allowed yet).
	 */
	public void notificationDropped() {
		this.droppedNotifications.increment();
	}

	/**
	 * Count a request cancelled by the peer ({@code $/cancel_request} or a protocol's own
	 * cancellation).
	 */
	public void cancelled() {
		this.cancellations.increment();
	}

	/**
	 * Count a request refused because too much work was in flight.
	 */
	public void busy() {
		this.busyRefusals.increment();
	}

	/**
	 * Count a notification sent to the peer.
	 */
	public void notificationSent() {
		this.sentNotifications.increment();
	}

	public long parseErrors() {
		return this.parseErrors.sum();
	}

	public long droppedNotifications() {
		return this.droppedNotifications.sum();
	}

	public long cancellations() {
		return this.cancellations.sum();
	}

	public long busyRefusals() {
		return this.busyRefusals.sum();
	}

	public long sentNotifications() {
		return this.sentNotifications.sum();
	}

}

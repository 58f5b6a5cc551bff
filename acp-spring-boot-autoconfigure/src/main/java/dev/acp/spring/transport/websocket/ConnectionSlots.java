package dev.acp.spring.transport.websocket;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The connection slots shared by the WebSocket and Streamable HTTP transports: a slot is
 * taken atomically when a connection is admitted (a WebSocket handshake, an HTTP
 * {@code initialize}) and given back when it ends, so the two transports together never
 * hold more connections than the limit, not even when both admit the last one at once.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class ConnectionSlots {

	private final int max;

	private final AtomicInteger taken = new AtomicInteger();

	/**
	 * Create slots.
	 * @param max the most connections open at once
	 */
	public ConnectionSlots(int max) {
		this.max = max;
	}

	/**
	 * Take a slot if one is free.
	 * @return whether one was taken
	 */
	public boolean tryTake() {
		for (;;) {
			int now = this.taken.get();
			if (now >= this.max) {
				return false;
			}
			if (this.taken.compareAndSet(now, now + 1)) {
				return true;
			}
		}
	}

	/**
	 * Give a taken slot back.
	 */
	public void giveBack() {
		this.taken.updateAndGet((now) -> Math.max(0, now - 1));
	}

	/**
	 * The slots taken now.
	 * @return the count
	 */
	public int taken() {
		return this.taken.get();
	}

}

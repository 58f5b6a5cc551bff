package dev.acp.spring.session;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ids of the sessions the in-memory store evicted lately, at most as many as it keeps
 * sessions, so that a connection still serving one keeps it again while a deleted one
 * stays deleted.
 *
 * @author ACP Spring Boot Starter contributors
 */
class EvictedSessionIds {

	private final Map<String, Boolean> ids;

	EvictedSessionIds(int capacity) {
		this.ids = new LinkedHashMap<>() {

			@Override
			protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
				return size() > capacity;
			}

		};
	}

	synchronized void add(String sessionId) {
		this.ids.put(sessionId, Boolean.TRUE);
	}

	synchronized void remove(String sessionId) {
		this.ids.remove(sessionId);
	}

	synchronized boolean contains(String sessionId) {
		return this.ids.containsKey(sessionId);
	}

}

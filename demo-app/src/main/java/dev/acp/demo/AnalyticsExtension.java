package dev.acp.demo;

import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import tools.jackson.databind.JsonNode;

import org.springframework.stereotype.Component;

/**
 * The {@code example.com/analytics} extension: records events, answers summaries.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
@AcpExtension(value = "example.com/analytics", version = "1.0")
public class AnalyticsExtension {

	private final Queue<AnalyticsEvent> events = new ConcurrentLinkedQueue<>();

	@AcpNotification("_example.com/analytics/event")
	void event(AnalyticsEvent event) {
		if (event.event() != null) {
			this.events.add(event);
		}
	}

	@AcpMethod(value = "_example.com/analytics/summary", nonBlocking = true)
	Summary summary(SummaryParams params) {
		Map<String, Long> byEvent = new TreeMap<>();
		long total = 0;
		for (AnalyticsEvent event : this.events) {
			if (params.sessionId() == null || params.sessionId().equals(event.sessionId())) {
				byEvent.merge(event.event(), 1L, Long::sum);
				total++;
			}
		}
		return new Summary(total, byEvent);
	}

	/**
	 * An analytics event.
	 *
	 * @param event the event name
	 * @param data event data
	 * @param sessionId the session, or {@code null}
	 */
	record AnalyticsEvent(String event, JsonNode data, String sessionId) {
	}

	/**
	 * Params of a summary.
	 *
	 * @param sessionId only events of this session, or {@code null} for all
	 * @param period the period asked for (informational)
	 */
	record SummaryParams(String sessionId, String period) {
	}

	/**
	 * A summary of recorded events.
	 *
	 * @param total the number of events
	 * @param byEvent the number of events by name
	 */
	record Summary(long total, Map<String, Long> byEvent) {
	}

}

package dev.acp.spring.actuate;

import java.util.function.ToDoubleFunction;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcStatistics;

/**
 * The agent's meters besides its observations: gauges of open connections and requests in
 * flight, and counters of the events no answer shows (frames that could not be read,
 * notifications dropped, cancellations, requests refused as busy) and of the
 * notifications sent.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpMetrics implements MeterBinder {

	private final JsonRpcConnectionFactory connectionFactory;

	private final String transport;

	/**
	 * Create the meters' binder.
	 * @param connectionFactory the connections
	 * @param transport the transport's name, a tag of every meter
	 */
	public AcpMetrics(JsonRpcConnectionFactory connectionFactory, String transport) {
		this.connectionFactory = connectionFactory;
		this.transport = transport;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Gauge.builder("acp.connections", this.connectionFactory, JsonRpcConnectionFactory::openConnectionCount)
			.description("Open ACP connections")
			.tag("transport", this.transport)
			.register(registry);
		Gauge.builder("acp.requests.in.flight", this.connectionFactory, JsonRpcConnectionFactory::inFlightRequests)
			.description("Inbound ACP requests not answered yet")
			.tag("transport", this.transport)
			.register(registry);
		JsonRpcStatistics statistics = this.connectionFactory.statistics();
		counter(registry, "acp.parse.errors", "Frames that were not valid messages", statistics,
				JsonRpcStatistics::parseErrors);
		counter(registry, "acp.notifications.dropped", "Notifications dropped unhandled", statistics,
				JsonRpcStatistics::droppedNotifications);
		counter(registry, "acp.cancellations", "Requests cancelled by the client", statistics,
				JsonRpcStatistics::cancellations);
		counter(registry, "acp.requests.busy", "Requests refused because too much work was in flight", statistics,
				JsonRpcStatistics::busyRefusals);
		counter(registry, "acp.notifications.sent", "Notifications sent to the client", statistics,
				JsonRpcStatistics::sentNotifications);
	}

	private void counter(MeterRegistry registry, String name, String description, JsonRpcStatistics statistics,
			ToDoubleFunction<JsonRpcStatistics> count) {
		FunctionCounter.builder(name, statistics, count)
			.description(description)
			.tag("transport", this.transport)
			.register(registry);
	}

}

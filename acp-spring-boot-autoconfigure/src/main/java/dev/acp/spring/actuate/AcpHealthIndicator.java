package dev.acp.spring.actuate;

import java.util.Locale;

import dev.acp.spring.autoconfigure.AcpTransportStatus;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.support.AcpMethodRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;

/**
 * Health of the ACP agent: UP while its transport serves, OUT_OF_SERVICE while it drains
 * on shutdown, DOWN with the reason when the transport failed; with the transport, open
 * connections, requests in flight and registered handlers as details.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpHealthIndicator extends AbstractHealthIndicator {

	private final @Nullable AcpTransportStatus status;

	private final JsonRpcConnectionFactory connectionFactory;

	private final AcpMethodRegistry registry;

	/**
	 * Create an indicator.
	 * @param status the transport's status, or {@code null} without a transport
	 * ({@code acp.transport=none})
	 * @param connectionFactory the connections
	 * @param registry the handlers
	 */
	public AcpHealthIndicator(@Nullable AcpTransportStatus status, JsonRpcConnectionFactory connectionFactory,
			AcpMethodRegistry registry) {
		super("ACP health check failed");
		this.status = status;
		this.connectionFactory = connectionFactory;
		this.registry = registry;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		AcpTransportStatus status = this.status;
		AcpTransportStatus.State state = (status != null) ? status.state() : AcpTransportStatus.State.SERVING;
		switch (state) {
			case SERVING -> builder.up();
			case DRAINING, STOPPED -> builder.outOfService();
			case FAILED ->
				builder.down().withDetail("reason", String.valueOf((status != null) ? status.failure() : null));
			default -> builder.unknown();
		}
		builder.withDetail("transport", (status != null) ? status.transportName() : "none")
			.withDetail("state", state.name().toLowerCase(Locale.ROOT))
			.withDetail("connections", this.connectionFactory.openConnectionCount())
			.withDetail("inFlightRequests", this.connectionFactory.inFlightRequests())
			.withDetail("handlers", this.registry.handlers().size());
	}

}

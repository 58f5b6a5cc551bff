package dev.acp.spring.actuate;

import java.util.Comparator;
import java.util.List;

import dev.acp.spring.agent.support.AcpAgent;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.support.AcpHandlerKind;
import dev.acp.spring.method.support.AcpHandlerMethod;
import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.Implementation;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code acp} actuator endpoint: every handler, the capability advertisement, and a
 * summary of each open connection. No payloads, no secrets.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Endpoint(id = "acp")
public class AcpEndpoint {

	private final AcpAgent agent;

	/**
	 * Create an endpoint.
	 * @param agent the agent
	 */
	public AcpEndpoint(AcpAgent agent) {
		this.agent = agent;
	}

	/**
	 * Describe the agent.
	 * @return the description
	 */
	@ReadOperation
	public AcpDescriptor acp() {
		List<HandlerDescriptor> handlers = this.agent.registry()
			.handlers()
			.stream()
			.sorted(Comparator.comparing(AcpHandlerMethod::name))
			.map(HandlerDescriptor::of)
			.toList();
		List<ConnectionDescriptor> connections = this.agent.connections()
			.stream()
			.sorted(Comparator.comparing(AcpConnection::id))
			.map(ConnectionDescriptor::of)
			.toList();
		return new AcpDescriptor(this.agent.agentInfo(), handlers, this.agent.initializeResponse().agentCapabilities(),
				connections);
	}

	/**
	 * The agent.
	 *
	 * @param agentInfo the agent's name and version
	 * @param handlers every handler
	 * @param capabilities the capabilities advertised to clients
	 * @param connections the open connections
	 */
	public record AcpDescriptor(Implementation agentInfo, List<HandlerDescriptor> handlers,
			@Nullable AgentCapabilities capabilities,
			List<ConnectionDescriptor> connections) implements OperationResponseBody {

	}

	/**
	 * One handler.
	 *
	 * @param name the wire name
	 * @param kind {@code request} or {@code notification}
	 * @param bean the bean's name
	 * @param namespace the extension namespace, or {@code null} for a core method
	 * @param extension whether it is an extension method
	 */
	public record HandlerDescriptor(String name, String kind, String bean, @Nullable String namespace,
			boolean extension) {

		static HandlerDescriptor of(AcpHandlerMethod handler) {
			return new HandlerDescriptor(handler.name(),
					(handler.kind() == AcpHandlerKind.REQUEST) ? "request" : "notification", handler.beanName(),
					handler.namespace(), handler.namespace() != null);
		}

	}

	/**
	 * One open connection.
	 *
	 * @param id the connection id
	 * @param transport the transport
	 * @param clientName the client's name, or {@code null}
	 * @param clientVersion the client's version, or {@code null}
	 * @param protocolVersion the protocol version the client asked for
	 * @param sessions the number of open sessions
	 * @param inFlightRequests the requests not answered yet
	 */
	public record ConnectionDescriptor(String id, String transport, @Nullable String clientName,
			@Nullable String clientVersion, @Nullable Integer protocolVersion, int sessions, int inFlightRequests) {

		static ConnectionDescriptor of(AcpConnection connection) {
			Implementation client = connection.clientInfo();
			return new ConnectionDescriptor(connection.id(), connection.transport(),
					(client != null) ? client.name() : null, (client != null) ? client.version() : null,
					connection.protocolVersion(), connection.sessions().size(), connection.inFlightRequests());
		}

	}

}

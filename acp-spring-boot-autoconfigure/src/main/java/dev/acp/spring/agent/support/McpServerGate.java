package dev.acp.spring.agent.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import dev.acp.spring.agent.AcpMcpServerPolicy;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.McpCapabilities;
import dev.acp.spring.protocol.McpServer;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Holds the MCP servers a client names to the {@link AcpMcpServerPolicy}: before any
 * handler of a request that carries {@code mcpServers} runs, every entry is decided on,
 * and one refusal answers -32602 naming each refused entry ({@code mcpServers[i]}) and
 * why. Also narrows the {@code mcpCapabilities} advertised to a connection to what the
 * policy may allow on it.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class McpServerGate {

	private static final Set<String> METHODS = Set.of(AcpMethods.SESSION_NEW, AcpMethods.SESSION_LOAD,
			AcpMethods.SESSION_RESUME);

	private final AcpMcpServerPolicy policy;

	McpServerGate(AcpMcpServerPolicy policy) {
		this.policy = policy;
	}

	/**
	 * Check the {@code mcpServers} of a request.
	 * @throws dev.acp.spring.method.AcpException -32602 when an entry is refused or is
	 * not an object
	 */
	void check(String method, @Nullable JsonNode params, AcpConnection connection, ObjectMapper mapper) {
		JsonNode servers = (params != null && METHODS.contains(method)) ? params.get("mcpServers") : null;
		if (servers == null || servers.isNull()) {
			return;
		}
		if (!servers.isArray()) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("mcpServers", "must be an array")));
		}
		List<Map<String, String>> errors = new ArrayList<>();
		for (int i = 0; i < servers.size(); i++) {
			String field = "mcpServers[" + i + "]";
			JsonNode entry = servers.get(i);
			if (!(entry instanceof ObjectNode object)) {
				errors.add(ParamsBinding.fieldError(field, "must be an object"));
				continue;
			}
			AcpMcpServerPolicy.Decision decision = this.policy.decide(connection, read(object, mapper));
			if (!decision.allowed()) {
				errors.add(ParamsBinding.fieldError(field, String.valueOf(decision.reason())));
			}
		}
		if (!errors.isEmpty()) {
			throw ParamsBinding.invalidParams(errors);
		}
	}

	/**
	 * An entry as the handlers will see it, or, when it cannot be read as one, an
	 * {@link McpServer.Unknown} of its type ({@code stdio} when it names none).
	 */
	private static McpServer read(ObjectNode entry, ObjectMapper mapper) {
		try {
			return mapper.treeToValue(entry, McpServer.class);
		}
		catch (JacksonException ex) {
			JsonNode type = entry.get("type");
			return new McpServer.Unknown((type != null && type.isString()) ? type.stringValue() : "stdio", entry);
		}
	}

	/**
	 * The answer to {@code initialize} for a connection: {@code http} and {@code sse} of
	 * {@code mcpCapabilities} turned off where the policy allows none.
	 */
	InitializeResponse advertise(InitializeResponse response, AcpConnection connection) {
		AgentCapabilities capabilities = response.agentCapabilities();
		McpCapabilities mcp = (capabilities != null) ? capabilities.mcpCapabilities() : null;
		if (capabilities == null || mcp == null) {
			return response;
		}
		Boolean http = narrow(mcp.http(), connection, "http");
		Boolean sse = narrow(mcp.sse(), connection, "sse");
		if (Objects.equals(http, mcp.http()) && Objects.equals(sse, mcp.sse())) {
			return response;
		}
		AgentCapabilities narrowed = new AgentCapabilities(capabilities.loadSession(),
				capabilities.promptCapabilities(), new McpCapabilities(http, sse, mcp.meta(), mcp.unknown()),
				capabilities.sessionCapabilities(), capabilities.auth(), capabilities.meta(), capabilities.unknown());
		return new InitializeResponse(response.protocolVersion(), narrowed, response.authMethods(),
				response.agentInfo(), response.meta(), response.unknown());
	}

	/**
	 * Whether a connection may name some stdio MCP server: what an ACP v2 answer to
	 * {@code initialize} advertises as {@code mcp.stdio} (v1 has no such capability).
	 */
	boolean mayAllowStdio(AcpConnection connection) {
		return this.policy.mayAllow(connection, "stdio");
	}

	private @Nullable Boolean narrow(@Nullable Boolean advertised, AcpConnection connection, String type) {
		return (Boolean.TRUE.equals(advertised) && !this.policy.mayAllow(connection, type)) ? Boolean.FALSE
				: advertised;
	}

}

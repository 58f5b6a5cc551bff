package dev.acp.spring.agent.support;

import java.util.List;
import java.util.Set;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.SessionCapabilities;
import dev.acp.spring.protocol.SessionSystemPromptCapabilities;
import dev.acp.spring.protocol.SystemPrompt;

/**
 * Holds a client's {@code systemPrompt} on session setup to what the agent advertised:
 * before any handler of {@code session/new}, {@code load} or {@code resume} runs, a
 * system prompt the agent does not serve (no {@code sessionCapabilities.systemPrompt}, or
 * a mode it did not advertise) or that is malformed answers -32602 naming
 * {@code systemPrompt}, so that none is silently ignored.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class SystemPromptGate {

	private static final Set<String> METHODS = Set.of(AcpMethods.SESSION_NEW, AcpMethods.SESSION_LOAD,
			AcpMethods.SESSION_RESUME);

	private SystemPromptGate() {
	}

	/**
	 * Check the {@code systemPrompt} of a request against the capabilities advertised.
	 * @param method the method
	 * @param params the request's params
	 * @param capabilities the capabilities advertised to the connection
	 * @param mapper the protocol's mapper
	 * @throws dev.acp.spring.method.AcpException -32602 when it is not served
	 */
	static void check(String method, @Nullable JsonNode params, @Nullable AgentCapabilities capabilities,
			ObjectMapper mapper) {
		JsonNode node = (params != null && METHODS.contains(method)) ? params.get("systemPrompt") : null;
		if (node == null || node.isNull()) {
			return;
		}
		SessionCapabilities session = (capabilities != null) ? capabilities.sessionCapabilities() : null;
		SessionSystemPromptCapabilities served = (session != null) ? session.systemPrompt() : null;
		if (served == null) {
			throw refused("systemPrompt", "is not served by this agent (no sessionCapabilities.systemPrompt)");
		}
		SystemPrompt prompt;
		try {
			prompt = mapper.treeToValue(node, SystemPrompt.class);
			prompt.text();
		}
		catch (JacksonException | IllegalArgumentException ex) {
			throw refused("systemPrompt", "is not a system prompt this agent serves (text content, a mode)");
		}
		if (!served.supports(prompt.mode())) {
			throw refused("systemPrompt.mode", "'" + prompt.mode() + "' is not served by this agent");
		}
	}

	private static RuntimeException refused(String field, String why) {
		return ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError(field, why)));
	}

}

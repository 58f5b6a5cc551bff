package dev.acp.spring.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.acp.spring.protocol.AgentAuthCapabilities;
import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.AuthMethod;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.McpCapabilities;
import dev.acp.spring.protocol.PromptCapabilities;
import dev.acp.spring.protocol.SessionAdditionalDirectoriesCapabilities;
import dev.acp.spring.protocol.SessionCapabilities;
import dev.acp.spring.protocol.SessionCloseCapabilities;
import dev.acp.spring.protocol.SessionDeleteCapabilities;
import dev.acp.spring.protocol.SessionListCapabilities;
import dev.acp.spring.protocol.SessionResumeCapabilities;
import dev.acp.spring.protocol.v2.EnvVariable;
import org.jspecify.annotations.Nullable;

/**
 * A v2 agent's answer to {@code initialize} as the v1 model the client's API returns:
 * {@code info} becomes {@code agentInfo}, {@code capabilities.session} the prompt, MCP
 * and session capabilities, {@code capabilities._meta} (the extensions)
 * {@code agentCapabilities._meta}; what v2 serves without advertising it
 * ({@code session/resume} with a replay, {@code session/list}, {@code session/close}) is
 * advertised, so {@code loadSession} is {@code true}. The protocol version stays 2.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2AgentAdvertisement {

	private V2AgentAdvertisement() {
	}

	static InitializeResponse toV1(dev.acp.spring.protocol.v2.InitializeResponse answer) {
		dev.acp.spring.protocol.v2.Implementation info = answer.info();
		dev.acp.spring.protocol.v2.AgentCapabilities capabilities = (answer.capabilities() != null)
				? answer.capabilities() : new dev.acp.spring.protocol.v2.AgentCapabilities();
		dev.acp.spring.protocol.v2.SessionCapabilities session = (capabilities.session() != null)
				? capabilities.session() : new dev.acp.spring.protocol.v2.SessionCapabilities();
		AgentCapabilities agentCapabilities = new AgentCapabilities(true, prompt(session.prompt()), mcp(session.mcp()),
				new SessionCapabilities(new SessionListCapabilities(),
						(session.delete() != null) ? new SessionDeleteCapabilities() : null,
						(session.additionalDirectories() != null) ? new SessionAdditionalDirectoriesCapabilities()
								: null,
						new SessionResumeCapabilities(), new SessionCloseCapabilities(), null),
				(capabilities.auth() != null) ? new AgentAuthCapabilities() : null, capabilities.meta());
		return new InitializeResponse(answer.protocolVersion(), agentCapabilities, authMethods(answer.authMethods()),
				new Implementation(info.name(), info.title(), info.version(), info.meta()), answer.meta());
	}

	private static PromptCapabilities prompt(dev.acp.spring.protocol.v2.@Nullable PromptCapabilities prompt) {
		if (prompt == null) {
			return new PromptCapabilities(null, null, null, null);
		}
		return new PromptCapabilities(flag(prompt.image()), flag(prompt.audio()), flag(prompt.embeddedContext()),
				prompt.meta());
	}

	private static McpCapabilities mcp(dev.acp.spring.protocol.v2.@Nullable McpCapabilities mcp) {
		return new McpCapabilities((mcp != null) ? flag(mcp.http()) : null, null, (mcp != null) ? mcp.meta() : null);
	}

	private static @Nullable Boolean flag(@Nullable Object capability) {
		return (capability != null) ? Boolean.TRUE : null;
	}

	private static @Nullable List<AuthMethod> authMethods(
			@Nullable List<dev.acp.spring.protocol.v2.AuthMethod> methods) {
		if (methods == null) {
			return null;
		}
		List<AuthMethod> v1 = new ArrayList<>();
		for (dev.acp.spring.protocol.v2.AuthMethod method : methods) {
			if (method instanceof dev.acp.spring.protocol.v2.AuthMethod.Agent agent) {
				v1.add(new AuthMethod.Agent(agent.methodId(), agent.name(), agent.description(), agent.meta()));
			}
			else if (method instanceof dev.acp.spring.protocol.v2.AuthMethod.Terminal terminal) {
				v1.add(new AuthMethod.Terminal(terminal.methodId(), terminal.name(), terminal.description(),
						terminal.args(), env(terminal.env()), terminal.meta()));
			}
			else if (method instanceof dev.acp.spring.protocol.v2.AuthMethod.Unknown unknown) {
				v1.add(new AuthMethod.Unknown(unknown.type(), unknown.raw()));
			}
		}
		return v1;
	}

	private static @Nullable Map<String, String> env(@Nullable List<EnvVariable> variables) {
		if (variables == null) {
			return null;
		}
		Map<String, String> env = new LinkedHashMap<>();
		variables.forEach((variable) -> env.put(variable.name(), variable.value()));
		return env;
	}

}

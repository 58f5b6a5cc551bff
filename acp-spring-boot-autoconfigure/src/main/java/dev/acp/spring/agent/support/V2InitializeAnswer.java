package dev.acp.spring.agent.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.v2.AgentAuthCapabilities;
import dev.acp.spring.protocol.v2.AuthMethod;
import dev.acp.spring.protocol.v2.EnvVariable;
import dev.acp.spring.protocol.v2.Implementation;
import dev.acp.spring.protocol.v2.McpCapabilities;
import dev.acp.spring.protocol.v2.McpHttpCapabilities;
import dev.acp.spring.protocol.v2.McpStdioCapabilities;
import dev.acp.spring.protocol.v2.PromptAudioCapabilities;
import dev.acp.spring.protocol.v2.PromptCapabilities;
import dev.acp.spring.protocol.v2.PromptEmbeddedContextCapabilities;
import dev.acp.spring.protocol.v2.PromptImageCapabilities;
import dev.acp.spring.protocol.v2.SessionAdditionalDirectoriesCapabilities;
import dev.acp.spring.protocol.v2.SessionCapabilities;
import dev.acp.spring.protocol.v2.SessionDeleteCapabilities;
import org.jspecify.annotations.Nullable;

/**
 * The v2 answer to {@code initialize}, built from the same advertisement as v1's:
 * {@code agentInfo} becomes {@code info}, the session capabilities move under
 * {@code capabilities.session}, the extensions ({@code agentCapabilities._meta}) become
 * {@code capabilities._meta}, the authentication methods name their {@code methodId};
 * {@code mcp.stdio} is advertised only to a connection that may name a stdio MCP server.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2InitializeAnswer {

	private V2InitializeAnswer() {
	}

	static dev.acp.spring.protocol.v2.InitializeResponse of(InitializeResponse response, boolean stdioMcpServers) {
		dev.acp.spring.protocol.Implementation agentInfo = response.agentInfo();
		Implementation info = (agentInfo != null)
				? new Implementation(agentInfo.name(), agentInfo.title(), agentInfo.version(), agentInfo.meta())
				: new Implementation("acp-agent", "0.0.0");
		AgentCapabilities capabilities = (response.agentCapabilities() != null) ? response.agentCapabilities()
				: new AgentCapabilities(null, null, null, null, null, null, Map.of());
		return new dev.acp.spring.protocol.v2.InitializeResponse(2, info,
				new dev.acp.spring.protocol.v2.AgentCapabilities(session(capabilities, stdioMcpServers),
						(capabilities.auth() != null) ? new AgentAuthCapabilities() : null, capabilities.meta()),
				authMethods(response.authMethods()), response.meta());
	}

	private static SessionCapabilities session(AgentCapabilities capabilities, boolean stdioMcpServers) {
		dev.acp.spring.protocol.PromptCapabilities prompt = capabilities.promptCapabilities();
		dev.acp.spring.protocol.McpCapabilities mcp = capabilities.mcpCapabilities();
		dev.acp.spring.protocol.SessionCapabilities session = capabilities.sessionCapabilities();
		return new SessionCapabilities(
				new PromptCapabilities(
						(prompt != null && isTrue(prompt.image())) ? new PromptImageCapabilities() : null,
						(prompt != null && isTrue(prompt.audio())) ? new PromptAudioCapabilities() : null,
						(prompt != null && isTrue(prompt.embeddedContext())) ? new PromptEmbeddedContextCapabilities()
								: null,
						null),
				new McpCapabilities(stdioMcpServers ? new McpStdioCapabilities() : null,
						(mcp != null && isTrue(mcp.http())) ? new McpHttpCapabilities() : null, null),
				(session != null && session.delete() != null) ? new SessionDeleteCapabilities() : null,
				(session != null && session.additionalDirectories() != null)
						? new SessionAdditionalDirectoriesCapabilities() : null,
				null);
	}

	private static @Nullable List<AuthMethod> authMethods(@Nullable List<dev.acp.spring.protocol.AuthMethod> methods) {
		if (methods == null) {
			return null;
		}
		List<AuthMethod> v2 = new ArrayList<>();
		for (dev.acp.spring.protocol.AuthMethod method : methods) {
			if (method instanceof dev.acp.spring.protocol.AuthMethod.Agent agent) {
				v2.add(new AuthMethod.Agent(agent.id(), agent.name(), agent.description(), agent.meta()));
			}
			else if (method instanceof dev.acp.spring.protocol.AuthMethod.Terminal terminal) {
				v2.add(new AuthMethod.Terminal(terminal.id(), terminal.name(), terminal.description(), terminal.args(),
						env(terminal.env()), terminal.meta()));
			}
		}
		return v2;
	}

	private static @Nullable List<EnvVariable> env(@Nullable Map<String, String> env) {
		return (env != null) ? env.entrySet().stream().map((e) -> new EnvVariable(e.getKey(), e.getValue())).toList()
				: null;
	}

	private static boolean isTrue(@Nullable Boolean value) {
		return Boolean.TRUE.equals(value);
	}

}

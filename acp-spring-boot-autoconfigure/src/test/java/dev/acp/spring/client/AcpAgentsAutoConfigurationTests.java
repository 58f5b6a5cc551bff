package dev.acp.spring.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.acp.spring.annotation.AcpClientSide;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAgentsAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.support.AcpMethodRegistry;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.FileSystemCapabilities;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AcpAgentsAutoConfiguration}.
 */
class AcpAgentsAutoConfigurationTests {

	@TempDir
	Path directory;

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpAgentsAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "spring.application.name=runner");

	private String[] scriptedAgent(String name) {
		List<String> command = ScriptedAgent.command();
		return new String[] { "acp.agents." + name + ".command=" + command.get(0),
				"acp.agents." + name + ".args[0]=" + command.get(1),
				"acp.agents." + name + ".args[1]=" + command.get(2),
				"acp.agents." + name + ".args[2]=" + command.get(3) };
	}

	@Test
	void nothingOfTheClientIsLoadedWithoutConfiguredAgents() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(AcpAgents.class)
			.doesNotHaveBean(AcpClientExtensions.class));
	}

	@Test
	void eachConfiguredAgentHasAClientThatConnectsOnFirstUse() {
		this.contextRunner.withPropertyValues(scriptedAgent("coder"))
			.withPropertyValues("acp.agents.remote.url=ws://localhost:1/acp")
			.run((context) -> {
				AcpAgents agents = context.getBean(AcpAgents.class);
				assertThat(agents.names()).containsExactly("coder", "remote");
				assertThat(agents.get("coder").isConnected()).isFalse();
				assertThat(agents.get("coder").initializeResponse().agentInfo().name()).isEqualTo("scripted-agent");
				assertThat(agents.get("coder").isConnected()).isTrue();
			});
	}

	@Test
	void anAgentMarkedConnectOnStartupIsConnectedWhenTheContextStarts() {
		this.contextRunner.withPropertyValues(scriptedAgent("coder"))
			.withPropertyValues("acp.agents.coder.connect-on-startup=true")
			.run((context) -> assertThat(context.getBean(AcpAgents.class).get("coder").isConnected()).isTrue());
	}

	@Test
	void closingTheContextStopsTheAgents() {
		AcpAgentClient[] client = new AcpAgentClient[1];
		this.contextRunner.withPropertyValues(scriptedAgent("coder")).run((context) -> {
			client[0] = context.getBean(AcpAgents.class).get("coder");
			client[0].connect();
		});
		assertThat(client[0].isConnected()).isFalse();
	}

	@Test
	void anAgentUrlMayBeWebSocketOrStreamableHttp() {
		this.contextRunner.withPropertyValues("acp.agents.socket.url=wss://agents.example.com/acp",
				"acp.agents.planner.url=https://planner.example.com/acp", "acp.agents.local.url=http://127.0.0.1:1/acp")
			.run((context) -> {
				AcpAgents agents = context.getBean(AcpAgents.class);
				assertThat(agents.names()).containsExactly("socket", "planner", "local");
				assertThat(agents.get("planner"))
					.hasToString("AcpAgentClient 'planner' (https://planner.example.com/acp)");
				assertThat(agents.get("local").isConnected()).isFalse();
			});
	}

	@Test
	void anAgentUrlOfAnotherSchemeFailsStartup() {
		this.contextRunner.withPropertyValues("acp.agents.ftp.url=ftp://agents.example.com/acp")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage(
						"An agent URL must be ws://, wss://, http:// or https://, not 'ftp://agents.example.com/acp'"));
	}

	@Test
	void anAgentWithNeitherCommandNorUrlFailsStartup() {
		this.contextRunner.withPropertyValues("acp.agents.broken.env.A=b")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("acp.agents.broken needs a command"));
	}

	@Test
	void theProtocolVersionAskedForIsAnAgentsProperty() {
		this.contextRunner.withPropertyValues(scriptedAgent("coder"))
			.withPropertyValues("acp.agents.coder.protocol-version=1")
			.run((context) -> {
				PromptResponse response = context.getBean(AcpAgents.class)
					.get("coder")
					.newSession(this.directory)
					.prompt("initialize-params", (update) -> {
					});
				Map<?, ?> initialize = (Map<?, ?>) response.meta().get("initialize");
				assertThat(initialize.get("protocolVersion")).isEqualTo(1);
				assertThat(initialize.containsKey("info")).isFalse();
			});
	}

	@Test
	void aProtocolVersionOtherThanOneOrTwoFailsStartup() {
		this.contextRunner.withPropertyValues(scriptedAgent("coder"))
			.withPropertyValues("acp.agents.coder.protocol-version=3")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("The protocol version to ask for must be 1 or 2, not 3"));
	}

	@Test
	void clientInfoComesFromTheApplicationAndFsAndTerminalCanBeTurnedOff() {
		this.contextRunner.withPropertyValues(scriptedAgent("coder"))
			.withPropertyValues("acp.agents.coder.fs=false", "spring.application.version=2.0")
			.run((context) -> {
				PromptResponse response = context.getBean(AcpAgents.class)
					.get("coder")
					.newSession(this.directory)
					.prompt("initialize-params", (update) -> {
					});
				Map<?, ?> initialize = (Map<?, ?>) response.meta().get("initialize");
				assertThat(initialize.get("clientInfo")).isEqualTo(Map.of("name", "runner", "version", "2.0"));
				assertThat(initialize.get("clientCapabilities")).isEqualTo(Map.of("terminal", true));
			});
	}

	@Test
	void aRemoteAgentGetsNeitherWritesNorTerminalsUnlessItsPropertiesOptIn() {
		this.contextRunner
			.withPropertyValues("acp.agents.remote.url=ws://127.0.0.1:1/acp",
					"acp.agents.trusted.url=ws://127.0.0.1:1/acp", "acp.agents.trusted.fs-write=true",
					"acp.agents.trusted.terminal=true")
			.run((context) -> {
				AcpAgents agents = context.getBean(AcpAgents.class);
				assertThat(((DefaultAcpAgentClient) agents.get("remote")).clientCapabilities())
					.isEqualTo(new ClientCapabilities(new FileSystemCapabilities(true, null, null), null, null, null,
							null, null));
				assertThat(((DefaultAcpAgentClient) agents.get("trusted")).clientCapabilities())
					.isEqualTo(new ClientCapabilities(new FileSystemCapabilities(true, true, null), true, null, null,
							null, null));
			});
	}

	@Test
	void theFileReadLimitComesFromTheAgentsProperties() throws Exception {
		Files.writeString(this.directory.resolve("big.txt"), "x".repeat(100));
		this.contextRunner.withPropertyValues(scriptedAgent("coder"))
			.withPropertyValues("acp.agents.coder.max-file-read-size=8B")
			.run((context) -> {
				AcpAgentSession session = context.getBean(AcpAgents.class).get("coder").newSession(this.directory);
				PromptResponse response = session.prompt("call fs/read_text_file {\"sessionId\":\"" + session.id()
						+ "\",\"path\":\"" + this.directory.resolve("big.txt") + "\"}", (update) -> {
						});
				assertThat(response.meta().get("error").toString()).contains("code=-32602",
						"larger than the client's limit of 8 bytes");
			});
	}

	@Test
	void clientSideExtensionsAreAdvertisedServedAndKeptOutOfTheAgentsRegistry() {
		this.contextRunner.withPropertyValues(scriptedAgent("coder"))
			.withUserConfiguration(IdeExtensionConfiguration.class)
			.run((context) -> {
				assertThat(context.getBean(AcpMethodRegistry.class).find("_example.org/ide/open")).isNull();
				AcpAgentSession session = context.getBean(AcpAgents.class).get("coder").newSession(this.directory);
				PromptResponse initialize = session.prompt("initialize-params", (update) -> {
				});
				assertThat(((Map<?, ?>) ((Map<?, ?>) initialize.meta().get("initialize")).get("clientCapabilities"))
					.get("_meta"))
					.isEqualTo(Map.of("example.org/ide",
							Map.of("version", "2", "methods", List.of("_example.org/ide/open"))));
				PromptResponse call = session.prompt("call _example.org/ide/open {\"file\":\"a\"}", (update) -> {
				});
				assertThat(call.meta().get("result")).isEqualTo(Map.of("opened", "a"));
			});
	}

	@Test
	void aPermissionPolicyBeanReplacesTheDefault() {
		this.contextRunner.withPropertyValues(scriptedAgent("coder"))
			.withBean(AcpPermissionPolicy.class,
					() -> (request, session) -> new RequestPermissionResponse(
							new RequestPermissionOutcome.Selected(request.options().get(0).optionId())))
			.run((context) -> {
				AcpAgentSession session = context.getBean(AcpAgents.class).get("coder").newSession(this.directory);
				PromptResponse response = session.prompt("call session/request_permission {\"sessionId\":\""
						+ session.id() + "\",\"toolCall\":{\"toolCallId\":\"t1\"},\"options\":["
						+ "{\"optionId\":\"yes\",\"name\":\"Allow\",\"kind\":\"allow_once\"}]}", (update) -> {
						});
				assertThat(response.meta().get("result"))
					.isEqualTo(Map.of("outcome", Map.of("outcome", "selected", "optionId", "yes")));
			});
	}

	@Test
	void theDefaultPolicyAnswersCancelledWhenNoOptionRejects() {
		this.contextRunner.withPropertyValues(scriptedAgent("coder")).run((context) -> {
			AcpAgentSession session = context.getBean(AcpAgents.class).get("coder").newSession(this.directory);
			PromptResponse response = session.prompt("call session/request_permission {\"sessionId\":\"" + session.id()
					+ "\",\"toolCall\":{\"toolCallId\":\"t1\"},\"options\":["
					+ "{\"optionId\":\"yes\",\"name\":\"Allow\",\"kind\":\"allow_once\"}]}", (update) -> {
					});
			assertThat(response.meta().get("result")).isEqualTo(Map.of("outcome", Map.of("outcome", "cancelled")));
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class IdeExtensionConfiguration {

		@Bean
		IdeExtension ideExtension() {
			return new IdeExtension();
		}

	}

	@AcpClientSide
	@AcpExtension(value = "example.org/ide", version = "2")
	static class IdeExtension {

		@AcpMethod("_example.org/ide/open")
		Map<String, String> open(Map<String, String> params) {
			return Map.of("opened", params.get("file"));
		}

	}

}

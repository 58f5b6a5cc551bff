package dev.acp.spring.autoconfigure;

import dev.acp.spring.agent.support.AcpCapabilityAdvertiser;
import dev.acp.spring.ai.ChatClientAgent;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.protocol.McpCapabilities;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionCapabilities;
import dev.acp.spring.protocol.SessionSystemPromptCapabilities;
import dev.acp.spring.protocol.StopReason;
import org.junit.jupiter.api.Test;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.stereotype.Component;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the model loop is auto-configured: Spring AI on the class path, opted into with
 * {@code acp.ai.enabled=true}, and no {@code session/prompt} of the application.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpSpringAiAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpSpringAiAutoConfiguration.class))
		.withPropertyValues("acp.transport=none");

	@Test
	void enabledWithAChatModelServesPromptsWithAChatClient() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> {
				assertThat(context).hasSingleBean(ChatClientAgent.class);
				assertThat(context.getBean(AcpCapabilityAdvertiser.class).capabilities().promptCapabilities())
					.satisfies((prompt) -> {
						assertThat(prompt.embeddedContext()).isTrue();
						assertThat(prompt.image()).isFalse();
					});
			});
	}

	@Test
	void withSpringAiMcpTheAgentAdvertisesHttpAndSseMcpServers() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> assertThat(
					context.getBean(AcpCapabilityAdvertiser.class).capabilities().mcpCapabilities())
				.isEqualTo(new McpCapabilities(true, true, null)));
	}

	@Test
	void withoutSpringAiMcpNoMcpTransportIsAdvertised() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class)
			.withClassLoader(new FilteredClassLoader("org.springframework.ai.mcp", "io.modelcontextprotocol"))
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> {
				assertThat(context).hasSingleBean(ChatClientAgent.class);
				assertThat(context.getBean(AcpCapabilityAdvertiser.class).capabilities().mcpCapabilities()).isNull();
			});
	}

	@Test
	void anApplicationServingPromptsItselfAdvertisesNoMcpTransport() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class, OwnPromptHandler.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> assertThat(
					context.getBean(AcpCapabilityAdvertiser.class).capabilities().mcpCapabilities())
				.isNull());
	}

	@Test
	void theBridgeAdvertisesAClientSystemPromptAppendedToTheConfiguredOne() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> assertThat(
					context.getBean(AcpCapabilityAdvertiser.class).capabilities().sessionCapabilities().systemPrompt())
				.isEqualTo(SessionSystemPromptCapabilities.appendOnly()));
	}

	@Test
	void aClientSystemPromptMayReplaceTheConfiguredOneOnlyWhenTheApplicationSaysSo() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class)
			.withPropertyValues("acp.ai.enabled=true", "acp.ai.client-system-prompt-override=true")
			.run((context) -> assertThat(
					context.getBean(AcpCapabilityAdvertiser.class).capabilities().sessionCapabilities().systemPrompt())
				.isEqualTo(SessionSystemPromptCapabilities.appendAndOverride()));
	}

	@Test
	void anApplicationServingPromptsItselfAdvertisesNoClientSystemPrompt() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class, OwnPromptHandler.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> {
				SessionCapabilities session = context.getBean(AcpCapabilityAdvertiser.class)
					.capabilities()
					.sessionCapabilities();
				assertThat((session != null) ? session.systemPrompt() : null).isNull();
			});
	}

	@Test
	void enabledWithAChatClientBeanUsesIt() {
		this.contextRunner.withUserConfiguration(ChatClientConfiguration.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(ChatClientAgent.class));
	}

	@Test
	void offUnlessEnabled() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class)
			.run((context) -> assertThat(context).doesNotHaveBean(ChatClientAgent.class)
				.doesNotHaveBean(AcpAiProperties.class));
	}

	@Test
	void backsOffWhenTheApplicationServesPrompts() {
		this.contextRunner.withUserConfiguration(ModelConfiguration.class, OwnPromptHandler.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ChatClientAgent.class));
	}

	@Test
	void withoutSpringAiNothingOfTheBridgeIsConfigured() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("org.springframework.ai"))
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean("acpChatClientAgent")
				.doesNotHaveBean(AcpAiProperties.class));
	}

	@Test
	void enabledWithoutAModelFailsStartupSayingWhatIsMissing() {
		this.contextRunner.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining(
						"acp.ai.enabled=true needs a Spring AI ChatClient, ChatClient.Builder or ChatModel bean"));
	}

	@Configuration(proxyBeanMethods = false)
	static class ModelConfiguration {

		@Bean
		ChatModel chatModel() {
			return (Prompt prompt) -> new ChatResponse(java.util.List.of());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ChatClientConfiguration {

		@Bean
		ChatClient chatClient() {
			return ChatClient.create((Prompt prompt) -> new ChatResponse(java.util.List.of()));
		}

	}

	@Component
	static class OwnPromptHandler {

		@AcpMethod("session/new")
		dev.acp.spring.protocol.NewSessionResponse newSession() {
			return new dev.acp.spring.protocol.NewSessionResponse("s");
		}

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request) {
			return new PromptResponse(StopReason.END_TURN);
		}

	}

}

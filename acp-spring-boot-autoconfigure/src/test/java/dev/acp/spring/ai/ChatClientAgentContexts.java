package dev.acp.spring.ai;

import java.util.List;

import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSpringAiAutoConfiguration;
import reactor.core.publisher.Flux;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The agent with kept sessions and the {@link ChatClientAgent} on a model that answers
 * each prompt "ok", over no transport.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ChatClientAgentContexts {

	private ChatClientAgentContexts() {
	}

	/**
	 * The agent.
	 * @return a runner of it
	 */
	static ApplicationContextRunner agent() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
					AcpSessionAutoConfiguration.class, AcpSpringAiAutoConfiguration.class))
			.withPropertyValues("acp.transport=none", "acp.ai.enabled=true")
			.withUserConfiguration(ModelConfiguration.class);
	}

	@Configuration(proxyBeanMethods = false)
	static class ModelConfiguration {

		@Bean
		ChatModel chatModel() {
			return new ChatModel() {

				@Override
				public ChatResponse call(Prompt prompt) {
					return new ChatResponse(List.of(new Generation(new AssistantMessage("ok"))));
				}

				@Override
				public Flux<ChatResponse> stream(Prompt prompt) {
					return Flux.just(call(prompt));
				}

			};
		}

	}

}

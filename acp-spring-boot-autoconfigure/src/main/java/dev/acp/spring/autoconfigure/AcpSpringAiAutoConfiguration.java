package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import dev.acp.spring.agent.AcpCapabilitiesCustomizer;
import dev.acp.spring.agent.AcpSessions;
import dev.acp.spring.ai.ChatClientAgent;
import dev.acp.spring.ai.ConversationRetention;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.protocol.McpCapabilities;
import dev.acp.spring.protocol.PromptCapabilities;
import dev.acp.spring.protocol.SessionCapabilities;
import dev.acp.spring.protocol.SessionSystemPromptCapabilities;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.client.advisor.api.Advisor;
import org.springframework.ai.chat.memory.ChatMemory;
import org.springframework.ai.chat.memory.MessageWindowChatMemory;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.annotation.Tool;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Auto-configuration of the model loop: a Spring AI {@link ChatClient} serves
 * {@code session/new} and {@code session/prompt} when {@code acp.ai.enabled=true} and the
 * application serves no {@code session/prompt} itself. Without Spring AI on the class
 * path none of the bridge's classes is loaded.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = AcpAutoConfiguration.class,
		afterName = { "org.springframework.ai.model.chat.client.autoconfigure.ChatClientAutoConfiguration",
				"org.springframework.ai.model.chat.memory.autoconfigure.ChatMemoryAutoConfiguration" })
@ConditionalOnClass(ChatClient.class)
@ConditionalOnBooleanProperty("acp.ai.enabled")
@EnableConfigurationProperties(AcpAiProperties.class)
public final class AcpSpringAiAutoConfiguration {

	@Bean
	@Conditional(OnNoApplicationPromptHandlerCondition.class)
	ChatClientAgent acpChatClientAgent(AcpAiProperties properties, ObjectProvider<ChatClient> chatClient,
			ObjectProvider<ChatClient.Builder> chatClientBuilder, ObjectProvider<ChatModel> chatModel,
			ObjectProvider<Advisor> advisors, ObjectProvider<ChatMemory> chatMemory, JsonRpcCodec codec,
			ObjectProvider<AcpSessions> sessions, ConfigurableListableBeanFactory beanFactory,
			ObjectProvider<ToolCallback> toolCallbacks, ObjectProvider<ToolCallbackProvider> toolCallbackProviders) {
		return new ChatClientAgent(chatClient(chatClient, chatClientBuilder, chatModel, advisors),
				chatMemory.getIfAvailable(() -> MessageWindowChatMemory.builder().build()),
				properties.getSystemPrompt(), () -> toolBeans(beanFactory),
				() -> toolCallbacks(toolCallbacks, toolCallbackProviders), properties.isClientTools(), codec.mapper(),
				properties.getContextWindow(),
				new ConversationRetention(sessions.getIfAvailable() != null,
						properties.getMemory().getMaxConversationSize().toBytes(),
						properties.getMemory().getMaxSize().toBytes()));
	}

	@Bean
	AcpCapabilitiesCustomizer acpChatClientPromptCapabilities(AcpAiProperties properties) {
		return (capabilities) -> capabilities
			.promptCapabilities(new PromptCapabilities(properties.isImages(), false, true, null));
	}

	/**
	 * The editor may pass a {@code systemPrompt} in {@code session/new} when the bridge
	 * serves the session (it gives the model the prompt).
	 * @param agent the bridge, absent when the application serves prompts itself
	 * @return the customizer
	 */
	@Bean
	AcpCapabilitiesCustomizer acpChatClientSystemPromptCapabilities(ObjectProvider<ChatClientAgent> agent,
			AcpAiProperties properties) {
		return (capabilities) -> {
			if (agent.getIfAvailable() == null) {
				return;
			}
			SessionCapabilities session = capabilities.sessionCapabilities();
			capabilities.sessionCapabilities(
					((session != null) ? session : new SessionCapabilities(null, null, null, null, null, null))
						.withSystemPrompt(properties.isClientSystemPromptOverride()
								? SessionSystemPromptCapabilities.appendAndOverride()
								: SessionSystemPromptCapabilities.appendOnly()));
		};
	}

	/**
	 * The editor may pass HTTP and SSE MCP servers in {@code session/new} when Spring
	 * AI's MCP client is there to start them.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { "org.springframework.ai.mcp.SyncMcpToolCallbackProvider",
			"io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport",
			"io.modelcontextprotocol.client.transport.HttpClientSseClientTransport" })
	@Conditional(OnNoApplicationPromptHandlerCondition.class)
	static final class McpServersConfiguration {

		@Bean
		AcpCapabilitiesCustomizer acpChatClientMcpCapabilities() {
			return (capabilities) -> capabilities.mcpCapabilities(new McpCapabilities(true, true, null));
		}

	}

	private static ChatClient chatClient(ObjectProvider<ChatClient> chatClient,
			ObjectProvider<ChatClient.Builder> chatClientBuilder, ObjectProvider<ChatModel> chatModel,
			ObjectProvider<Advisor> advisors) {
		ChatClient own = chatClient.getIfUnique();
		if (own != null) {
			return own;
		}
		ChatClient.Builder builder = chatClientBuilder.getIfUnique();
		if (builder == null) {
			ChatModel model = chatModel.getIfUnique();
			if (model == null) {
				throw new IllegalStateException("acp.ai.enabled=true needs a Spring AI ChatClient, ChatClient.Builder "
						+ "or ChatModel bean: add a model starter (such as spring-ai-starter-model-openai) "
						+ "or declare a ChatClient bean");
			}
			builder = ChatClient.builder(model);
		}
		List<Advisor> ordered = advisors.orderedStream().toList();
		if (!ordered.isEmpty()) {
			builder.defaultAdvisors(ordered);
		}
		return builder.build();
	}

	private static List<Object> toolBeans(ConfigurableListableBeanFactory beanFactory) {
		List<Object> beans = new ArrayList<>();
		for (String name : beanFactory.getBeanNamesForType(Object.class, false, false)) {
			if (beanFactory.containsBeanDefinition(name)
					&& beanFactory.getBeanDefinition(name).getRole() == BeanDefinition.ROLE_INFRASTRUCTURE) {
				continue;
			}
			Class<?> type = beanFactory.getType(name, false);
			if (type != null && hasToolMethods(ClassUtils.getUserClass(type))) {
				beans.add(beanFactory.getBean(name));
			}
		}
		return beans;
	}

	private static boolean hasToolMethods(Class<?> type) {
		if (type.getName().startsWith("org.springframework.") || ToolCallback.class.isAssignableFrom(type)
				|| ToolCallbackProvider.class.isAssignableFrom(type)) {
			return false;
		}
		return !MethodIntrospector
			.selectMethods(type,
					(ReflectionUtils.MethodFilter) (method) -> AnnotatedElementUtils.hasAnnotation(method, Tool.class))
			.isEmpty();
	}

	private static List<ToolCallback> toolCallbacks(ObjectProvider<ToolCallback> toolCallbacks,
			ObjectProvider<ToolCallbackProvider> providers) {
		List<ToolCallback> callbacks = new ArrayList<>(toolCallbacks.orderedStream().toList());
		providers.orderedStream().forEach((provider) -> callbacks.addAll(Arrays.asList(provider.getToolCallbacks())));
		return callbacks;
	}

}

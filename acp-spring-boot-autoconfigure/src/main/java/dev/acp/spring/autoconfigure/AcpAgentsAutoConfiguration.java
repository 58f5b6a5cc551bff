package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.acp.spring.client.AcpAgentClient;
import dev.acp.spring.client.AcpAgents;
import dev.acp.spring.client.AcpClientExtensions;
import dev.acp.spring.client.AcpClientFileSystem;
import dev.acp.spring.client.AcpClientTerminals;
import dev.acp.spring.client.AcpPermissionPolicy;
import dev.acp.spring.client.support.DiscoveredClientExtensions;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.support.AcpArgumentResolvers;
import dev.acp.spring.method.support.AcpExceptionTranslator;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.Implementation;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Auto-configuration of the client role: the agents named under {@code acp.agents}, one
 * {@link AcpAgentClient} each in an {@link AcpAgents} bean, serving the agents' calls
 * with the application's {@link AcpPermissionPolicy}, {@link AcpClientFileSystem},
 * {@link AcpClientTerminals} and {@code @AcpClientSide} beans. Loaded only when an agent
 * is configured.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = { JacksonAutoConfiguration.class, AcpAutoConfiguration.class })
@Conditional(AcpAgentsAutoConfiguration.OnAgentsConfigured.class)
@EnableConfigurationProperties(AcpAgentsProperties.class)
public final class AcpAgentsAutoConfiguration {

	private static final String VALIDATOR_CLASS = "jakarta.validation.Validator";

	@Bean
	@ConditionalOnMissingBean
	static DiscoveredClientExtensions acpClientExtensions(ObjectProvider<JsonRpcCodec> codec,
			ObjectProvider<JsonMapper.Builder> mapperBuilder, ObjectProvider<AcpArgumentResolver> userResolvers,
			ObjectProvider<AcpExceptionTranslator> exceptionTranslator, ApplicationContext context) {
		JsonMapper mapper = mapper(codec, mapperBuilder);
		List<AcpArgumentResolver> resolvers = new ArrayList<>(userResolvers.orderedStream().toList());
		resolvers.addAll(AcpArgumentResolvers.builtIn(mapper, validator(context)));
		return new DiscoveredClientExtensions(resolvers,
				exceptionTranslator.getIfAvailable(AcpExceptionTranslator::new), Map.of());
	}

	private static JsonMapper mapper(ObjectProvider<JsonRpcCodec> codec,
			ObjectProvider<JsonMapper.Builder> mapperBuilder) {
		JsonRpcCodec existing = codec.getIfAvailable();
		if (existing != null && existing.mapper() instanceof JsonMapper jsonMapper) {
			return jsonMapper;
		}
		return AcpJsonMapper.configure(mapperBuilder.getIfAvailable(JsonMapper::builder)).build();
	}

	private static @Nullable Object validator(ApplicationContext context) {
		ClassLoader classLoader = AcpAgentsAutoConfiguration.class.getClassLoader();
		if (!ClassUtils.isPresent(VALIDATOR_CLASS, classLoader)) {
			return null;
		}
		return context.getBeanProvider(ClassUtils.resolveClassName(VALIDATOR_CLASS, classLoader)).getIfUnique();
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	AcpAgents acpAgents(AcpAgentsProperties properties, Environment environment, ObjectProvider<JsonRpcCodec> codec,
			ObjectProvider<JsonMapper.Builder> mapperBuilder, AcpClientExtensions extensions,
			ObjectProvider<AcpPermissionPolicy> permissionPolicy, ObjectProvider<AcpClientFileSystem> fileSystem,
			ObjectProvider<AcpClientTerminals.Factory> terminals) {
		Implementation clientInfo = new Implementation(environment.getProperty("spring.application.name", "acp-client"),
				environment.getProperty("spring.application.version", "0.0.0"));
		JsonMapper mapper = mapper(codec, mapperBuilder);
		Map<String, AcpAgentClient> clients = new LinkedHashMap<>();
		properties.getAgents().forEach((name, agent) -> {
			AcpAgentClient.Builder builder = AcpAgentClient.builder()
				.name(name)
				.clientInfo(clientInfo)
				.jsonMapper(mapper)
				.requestTimeout(agent.getRequestTimeout())
				.promptTimeout(agent.getPromptTimeout())
				.protocolVersion(agent.getProtocolVersion())
				.shutdownGracePeriod(agent.getShutdownGracePeriod())
				.maxMessageSize((int) Math.min(Integer.MAX_VALUE, agent.getMaxMessageSize().toBytes()))
				.permissionPolicy(permissionPolicy.getIfAvailable(() -> AcpPermissionPolicy.REJECT))
				.fileSystem(
						agent.isFs()
								? fileSystem.getIfAvailable(
										() -> AcpClientFileSystem.confined(agent.getMaxFileReadSize().toBytes()))
								: null)
				.fileWrites(agent.isFs() && servedByDefault(agent.getFsWrite(), agent))
				.terminals(servedByDefault(agent.getTerminal(), agent)
						? terminals.getIfAvailable(() -> AcpClientTerminals.processes(terminalSettings(agent))) : null)
				.extensions(extensions);
			if (StringUtils.hasText(agent.getCommand()) && agent.getUrl() != null) {
				throw new IllegalStateException(
						"acp.agents." + name + " has both a command and a url; set one of them");
			}
			if (StringUtils.hasText(agent.getCommand())) {
				builder.command(agent.getCommand(), agent.getArgs())
					.env(agent.getEnv())
					.workingDirectory(agent.getWorkingDirectory());
			}
			else if (agent.getUrl() != null) {
				builder.url(agent.getUrl()).headers(agent.getHeaders());
			}
			else {
				throw new IllegalStateException("acp.agents." + name
						+ " needs a command (an agent to spawn over stdio) or a url (ws://, wss://, http:// or https://)");
			}
			clients.put(name, builder.build());
		});
		return new AcpAgents(clients);
	}

	/**
	 * Whether something is served to an agent: as configured, else to a spawned agent and
	 * not to a remote one.
	 */
	private static boolean servedByDefault(@Nullable Boolean configured, AcpAgentsProperties.Agent agent) {
		return (configured != null) ? configured : agent.getUrl() == null;
	}

	private static AcpClientTerminals.Settings terminalSettings(AcpAgentsProperties.Agent agent) {
		return new AcpClientTerminals.Settings(agent.getMaxTerminalOutputSize().toBytes(), agent.getMaxTerminals(),
				agent.isTerminalShell());
	}

	@Bean
	SmartLifecycle acpAgentsLifecycle(AcpAgents agents, AcpAgentsProperties properties) {
		return new AgentsLifecycle(agents, properties);
	}

	/**
	 * Connects the agents marked {@code connect-on-startup} when the context starts, and
	 * stops every agent when it stops.
	 */
	static final class AgentsLifecycle implements SmartLifecycle {

		private final AcpAgents agents;

		private final AcpAgentsProperties properties;

		private volatile boolean running;

		AgentsLifecycle(AcpAgents agents, AcpAgentsProperties properties) {
			this.agents = agents;
			this.properties = properties;
		}

		@Override
		public void start() {
			this.running = true;
			this.properties.getAgents().forEach((name, agent) -> {
				if (agent.isConnectOnStartup()) {
					this.agents.get(name).connect();
				}
			});
		}

		@Override
		public void stop() {
			this.running = false;
			this.agents.close();
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

	}

	/**
	 * Matches when at least one agent is configured under {@code acp.agents}.
	 */
	static final class OnAgentsConfigured extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			boolean configured = Binder.get(context.getEnvironment())
				.bind("acp.agents", Bindable.mapOf(String.class, AcpAgentsProperties.Agent.class))
				.map((agents) -> !agents.isEmpty())
				.orElse(false);
			return configured ? ConditionOutcome.match("agents are configured under acp.agents")
					: ConditionOutcome.noMatch("no agent is configured under acp.agents");
		}

	}

}

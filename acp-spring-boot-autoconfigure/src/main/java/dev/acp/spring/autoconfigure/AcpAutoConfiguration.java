package dev.acp.spring.autoconfigure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.acp.spring.agent.support.AcpAgent;
import dev.acp.spring.agent.AcpAuthentication;
import dev.acp.spring.agent.AcpCapabilitiesCustomizer;
import dev.acp.spring.agent.AcpMcpServerPolicy;
import dev.acp.spring.agent.support.AcpCapabilityAdvertiser;
import dev.acp.spring.agent.support.AcpExtensionDefinition;
import dev.acp.spring.agent.support.AcpObservations;
import dev.acp.spring.agent.support.DefaultAcpSessions;
import dev.acp.spring.agent.AcpTraceContextWriter;
import dev.acp.spring.agent.AcpTraceSampler;
import dev.acp.spring.agent.support.VictoolsParamsSchemaGenerator;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpSessionListener;
import dev.acp.spring.method.support.AcpArgumentResolvers;
import dev.acp.spring.method.support.AcpExceptionTranslator;
import dev.acp.spring.method.support.AcpMethodDiscoverer;
import dev.acp.spring.method.support.AcpMethodRegistry;
import dev.acp.spring.agent.support.AcpProtocolWarmUp;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.AuthMethod;
import dev.acp.spring.protocol.Implementation;
import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.system.JavaVersion;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;
import org.springframework.util.function.SingletonSupplier;

/**
 * Auto-configuration of an ACP agent: the protocol codec, handler discovery, capability
 * advertisement and the agent, served over the transport {@code acp.transport} names.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = JacksonAutoConfiguration.class)
@ConditionalOnProperty(prefix = "acp", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties({ AcpProperties.class, AcpProtocolProperties.class, AcpHandlersProperties.class,
		AcpAgentProperties.class, AcpAuthProperties.class, AcpClientProperties.class, AcpStdioProperties.class,
		AcpLocalProperties.class })
@Import({ AcpStdioConfiguration.class, AcpMcpServersConfiguration.class })
public final class AcpAutoConfiguration {

	private static final String VALIDATOR_CLASS = "jakarta.validation.Validator";

	private static final String SCHEMA_GENERATOR_CLASS = "com.github.victools.jsonschema.generator.SchemaGenerator";

	private static final String SCHEMA_JACKSON_MODULE_CLASS = "com.github.victools.jsonschema.module.jackson.JacksonModule";

	private static final Duration NO_LIMIT = Duration.ofNanos(Long.MAX_VALUE);

	private static final int DEFAULT_MAX_PLATFORM_THREADS = 256;

	private static final int DEFAULT_MAX_VIRTUAL_THREADS = 4096;

	private static final Log logger = LogFactory.getLog(AcpAutoConfiguration.class);

	@Bean
	@ConditionalOnMissingBean
	JsonRpcCodec acpJsonRpcCodec(ObjectProvider<JsonMapper.Builder> builder) {
		JsonMapper mapper = AcpJsonMapper.configure(builder.getIfAvailable(JsonMapper::builder)).build();
		return new JsonRpcCodec(mapper);
	}

	@Bean
	AcpProtocolWarmUp acpProtocolWarmUp(JsonRpcCodec codec) {
		AcpProtocolWarmUp warmUp = new AcpProtocolWarmUp(codec);
		warmUp.start();
		return warmUp;
	}

	@Bean
	@ConditionalOnMissingBean
	AcpMethodRegistry acpMethodRegistry() {
		return new AcpMethodRegistry();
	}

	@Bean
	@ConditionalOnMissingBean
	AcpExceptionTranslator acpExceptionTranslator() {
		return new AcpExceptionTranslator();
	}

	@Bean
	static AcpMethodDiscoverer acpMethodDiscoverer(AcpMethodRegistry registry, JsonRpcCodec codec,
			ObjectProvider<AcpArgumentResolver> userResolvers, AcpExceptionTranslator exceptionTranslator,
			ApplicationContext context) {
		List<AcpArgumentResolver> resolvers = new ArrayList<>(userResolvers.orderedStream().toList());
		resolvers.addAll(AcpArgumentResolvers.builtIn(codec.mapper(), validator(context)));
		return new AcpMethodDiscoverer(registry, resolvers, exceptionTranslator);
	}

	private static @Nullable Object validator(ApplicationContext context) {
		ClassLoader classLoader = AcpAutoConfiguration.class.getClassLoader();
		if (!ClassUtils.isPresent(VALIDATOR_CLASS, classLoader)) {
			return null;
		}
		return context.getBeanProvider(ClassUtils.resolveClassName(VALIDATOR_CLASS, classLoader)).getIfUnique();
	}

	@Bean
	@ConditionalOnMissingBean
	AcpCapabilityAdvertiser acpCapabilityAdvertiser(AcpMethodRegistry registry, AcpProperties properties,
			ObjectProvider<AcpCapabilitiesCustomizer> customizers, ObjectProvider<DefaultAcpSessions> sessions,
			ApplicationContext context) {
		Map<String, AcpExtensionDefinition> definitions = new LinkedHashMap<>();
		properties.getExtensions()
			.forEach((namespace, extension) -> definitions.put(namespace,
					new AcpExtensionDefinition(namespace, extension.getVersion(), extension.getUri(),
							extension.isRequired(), ConfigurationValues.normalize(extension.getMeta()),
							extension.getSchemas())));
		AcpCapabilityAdvertiser advertiser = new AcpCapabilityAdvertiser(registry, definitions,
				customizers.orderedStream().toList(),
				isSchemaGeneratorPresent(context.getClassLoader()) ? new VictoolsParamsSchemaGenerator() : null);
		if (sessions.getIfAvailable() != null) {
			advertiser.setStarterMethods(DefaultAcpSessions.servedMethods());
		}
		return advertiser;
	}

	private static boolean isSchemaGeneratorPresent(@Nullable ClassLoader classLoader) {
		return ClassUtils.isPresent(SCHEMA_GENERATOR_CLASS, classLoader)
				&& ClassUtils.isPresent(SCHEMA_JACKSON_MODULE_CLASS, classLoader);
	}

	/**
	 * Fails start-up when an extension advertises its params schemas without a schema
	 * generator on the class path; runs after every handler was discovered.
	 */
	@Bean
	static SmartInitializingSingleton acpSchemaGeneratorCheck(ObjectProvider<AcpCapabilityAdvertiser> advertiser) {
		return () -> advertiser.getObject().checkSchemaGenerator();
	}

	@Bean
	@ConditionalOnMissingBean
	AcpAgent acpAgent(AcpMethodRegistry registry, AcpCapabilityAdvertiser advertiser, AcpAgentProperties agent,
			AcpAuthProperties auth, Environment environment, ObjectProvider<ObservationRegistry> observationRegistry,
			ObjectProvider<AcpTraceContextWriter> traceContextWriter, ObjectProvider<AcpTraceSampler> traceSampler,
			ObjectProvider<DefaultAcpSessions> sessions, ObjectProvider<AcpMcpServerPolicy> mcpServerPolicy,
			ObjectProvider<AcpSessionListener> sessionListeners, AcpProtocolProperties protocol) {
		String name = StringUtils.hasText(agent.getName()) ? agent.getName()
				: environment.getProperty("spring.application.name", "acp-agent");
		String version = StringUtils.hasText(agent.getVersion()) ? agent.getVersion()
				: environment.getProperty("spring.application.version", "0.0.0");
		AcpAgent acpAgent = new AcpAgent(registry, advertiser,
				new Implementation(name, agent.getTitle(), version, null), authentication(auth),
				new AcpObservations(observationRegistry.getIfAvailable(() -> ObservationRegistry.NOOP),
						traceContextWriter.getIfAvailable(() -> AcpTraceContextWriter.NONE),
						traceSampler.getIfAvailable(() -> AcpTraceSampler.NONE)));
		acpAgent.setSessions(sessions.getIfAvailable());
		try {
			acpAgent.setProtocolVersions(protocol.getVersions());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException(
					"Invalid acp.protocol.versions " + protocol.getVersions() + ": " + ex.getMessage());
		}
		mcpServerPolicy.ifAvailable(acpAgent::setMcpServerPolicy);
		acpAgent.setSessionListeners(SingletonSupplier.of(() -> sessionListeners.orderedStream().toList()));
		return acpAgent;
	}

	private static AcpAuthentication authentication(AcpAuthProperties auth) {
		List<AuthMethod> methods = new ArrayList<>();
		List<AcpAuthProperties.Method> configured = auth.getMethods();
		for (int i = 0; i < configured.size(); i++) {
			AcpAuthProperties.Method method = configured.get(i);
			String id = method.getId();
			if (id == null) {
				throw new IllegalStateException("acp.auth.methods[" + i
						+ "].id must be set: it is the methodId a client sends in authenticate");
			}
			methods.add(new AuthMethod.Agent(id, StringUtils.hasText(method.getName()) ? method.getName() : id,
					StringUtils.hasText(method.getDescription()) ? method.getDescription() : null));
		}
		boolean required = (auth.getRequired() != null) ? auth.getRequired() : !methods.isEmpty();
		return new AcpAuthentication(methods, required);
	}

	@Bean
	AcpHandlerThreads acpHandlerThreads(Environment environment, AcpHandlersProperties handlers) {
		boolean virtual = virtualThreads(environment, handlers);
		int maxThreads = (handlers.getMaxThreads() != null) ? handlers.getMaxThreads()
				: (virtual ? DEFAULT_MAX_VIRTUAL_THREADS : DEFAULT_MAX_PLATFORM_THREADS);
		return new AcpHandlerThreads(virtual, maxThreads, handlers.getQueueCapacity(), handlers.getKeepAlive());
	}

	private static boolean virtualThreads(Environment environment, AcpHandlersProperties handlers) {
		if (!JavaVersion.getJavaVersion().isEqualOrNewerThan(JavaVersion.TWENTY_ONE)) {
			return false;
		}
		if (handlers.getVirtualThreads() != null) {
			return handlers.getVirtualThreads();
		}
		return environment.getProperty("spring.threads.virtual.enabled", Boolean.class, true);
	}

	@Bean
	@ConditionalOnMissingBean
	JsonRpcConnectionFactory acpConnectionFactory(JsonRpcCodec codec, AcpHandlerThreads threads, AcpAgent agent,
			AcpProperties properties, AcpClientProperties client, AcpHandlersProperties handlers) {
		JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(codec, threads.executor(),
				threads.controlExecutor(), client.getRequestTimeout(), agent);
		Integer share = handlers.getMaxThreadsPerConnection();
		int maxThreadsPerConnection = (share != null) ? share : Math.max(1, threads.maxThreads() / 2);
		if (maxThreadsPerConnection >= threads.maxThreads()) {
			logger.warn("acp.handlers.max-threads-per-connection (" + maxThreadsPerConnection
					+ ") is not below acp.handlers.max-threads (" + threads.maxThreads()
					+ "): one connection can hold every handler thread and starve the others");
		}
		factory.setMaxThreadsPerConnection(maxThreadsPerConnection, handlers.getQueueCapacity());
		Duration timeout = limit(properties.getRequestTimeout());
		Duration gracePeriod = limit(properties.getCancelGracePeriod());
		Duration maxPromptDuration = limit(properties.getMaxPromptDuration());
		if (maxPromptDuration != null) {
			agent.setMaxPromptDuration(maxPromptDuration);
		}
		Duration shortest = shortest(shortest(timeout, gracePeriod), maxPromptDuration);
		if (shortest != null) {
			Duration period = Duration.ofMillis(Math.max(10, Math.min(1000, shortest.toMillis() / 10)));
			Duration handlerLimit = (timeout != null) ? timeout : NO_LIMIT;
			Duration cancelLimit = (gracePeriod != null) ? gracePeriod : handlerLimit;
			threads.every(period, () -> factory.expireRequests(handlerLimit, cancelLimit));
		}
		return factory;
	}

	private static @Nullable Duration limit(@Nullable Duration duration) {
		return (duration != null && !duration.isZero() && !duration.isNegative()) ? duration : null;
	}

	private static @Nullable Duration shortest(@Nullable Duration first, @Nullable Duration second) {
		if (first == null || second == null) {
			return (first != null) ? first : second;
		}
		return (first.compareTo(second) <= 0) ? first : second;
	}

}

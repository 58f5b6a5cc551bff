package dev.acp.spring.autoconfigure;

import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.acp.spring.agent.support.AcpAgent;
import dev.acp.spring.agent.AcpCapabilitiesCustomizer;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.support.AcpHandlerKind;
import dev.acp.spring.method.support.AcpMethodRegistry;
import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AcpAutoConfiguration}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none");

	@Test
	void agentIsConfiguredWithDefaults() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(AcpAgent.class)
				.hasSingleBean(JsonRpcCodec.class)
				.hasSingleBean(JsonRpcConnectionFactory.class)
				.hasSingleBean(AcpMethodRegistry.class)
				.doesNotHaveBean(StdioTransportLifecycle.class);
			assertThat(context.getBean(AcpAgent.class).agentInfo().name()).isEqualTo("acp-agent");
			assertThat(context.getBean(AcpMethodRegistry.class).isFrozen()).isTrue();
		});
	}

	/**
	 * Run with standard input replaced by a pipe that ends afterwards: a stdio transport
	 * must never read the test JVM's own standard input (the test runner's channel).
	 */
	private static void withPipedStandardInput(ThrowingRunnable test) throws Exception {
		InputStream original = System.in;
		PipedOutputStream input = new PipedOutputStream();
		System.setIn(new PipedInputStream(input));
		try {
			test.run();
		}
		finally {
			input.close();
			System.setIn(original);
		}
	}

	@FunctionalInterface
	private interface ThrowingRunnable {

		void run() throws Exception;

	}

	@Test
	void stdioTransportIsTheDefault() throws Exception {
		withPipedStandardInput(() -> new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
			.withPropertyValues("acp.stdio.exit-on-close=false")
			.run((context) -> assertThat(context).hasSingleBean(StdioTransportLifecycle.class)));
	}

	@Test
	void theStdioTransportReadsNothingBeforeTheApplicationIsReady() throws Exception {
		withPipedStandardInput(() -> new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
			.withPropertyValues("acp.stdio.exit-on-close=false")
			.run((context) -> {
				StdioTransportLifecycle lifecycle = context.getBean(StdioTransportLifecycle.class);
				assertThat(lifecycle.isRunning()).isTrue();
				assertThat(lifecycle.transport()).isNull();
				assertThat(lifecycle.state()).isEqualTo(AcpTransportStatus.State.STARTING);
				AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
				assertThat(lifecycle.transport()).isNotNull();
				assertThat(lifecycle.state()).isEqualTo(AcpTransportStatus.State.SERVING);
			}));
	}

	@Test
	void webSocketTransportIsConfiguredInAServletWebApplication() throws Exception {
		WebApplicationContextRunner web = new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
					AcpWebSocketAutoConfiguration.class))
			.withPropertyValues("acp.stdio.exit-on-close=false");
		web.withPropertyValues("acp.transport=websocket")
			.run((context) -> assertThat(context).hasSingleBean(AcpWebSocketHandler.class)
				.hasSingleBean(WebSocketTransportLifecycle.class)
				.doesNotHaveBean(StdioTransportLifecycle.class));
		withPipedStandardInput(() -> web.run((context) -> assertThat(context).doesNotHaveBean(AcpWebSocketHandler.class)
			.hasSingleBean(StdioTransportLifecycle.class)));
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
					AcpWebSocketAutoConfiguration.class))
			.withPropertyValues("acp.transport=websocket")
			.run((context) -> assertThat(context).doesNotHaveBean(AcpWebSocketHandler.class));
	}

	@Test
	void autoConfigurationBacksOffWhenDisabled() {
		this.contextRunner.withPropertyValues("acp.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AcpAgent.class)
				.doesNotHaveBean(JsonRpcConnectionFactory.class));
	}

	@Test
	void agentInfoComesFromPropertiesThenFromTheApplication() {
		this.contextRunner.withPropertyValues("spring.application.name=from-app", "spring.application.version=2.0")
			.run((context) -> {
				AcpAgent agent = context.getBean(AcpAgent.class);
				assertThat(agent.agentInfo().name()).isEqualTo("from-app");
				assertThat(agent.agentInfo().version()).isEqualTo("2.0");
			});
		this.contextRunner
			.withPropertyValues("spring.application.name=from-app", "acp.agent.name=explicit", "acp.agent.version=3.1",
					"acp.agent.title=Explicit Agent")
			.run((context) -> {
				AcpAgent agent = context.getBean(AcpAgent.class);
				assertThat(agent.agentInfo().name()).isEqualTo("explicit");
				assertThat(agent.agentInfo().version()).isEqualTo("3.1");
				assertThat(agent.agentInfo().title()).isEqualTo("Explicit Agent");
			});
	}

	@Test
	void userCodecWins() {
		this.contextRunner.withUserConfiguration(UserCodecConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(JsonRpcCodec.class);
			assertThat(context.getBean(JsonRpcCodec.class)).isSameAs(context.getBean("customCodec"));
		});
	}

	@Test
	void protocolMapperNeverIndentsEvenWhenTheApplicationDoes() {
		this.contextRunner.withPropertyValues("spring.jackson.serialization.indent-output=true").run((context) -> {
			JsonRpcCodec codec = context.getBean(JsonRpcCodec.class);
			assertThat(codec.mapper().isEnabled(SerializationFeature.INDENT_OUTPUT)).isFalse();
			byte[] frame = codec.encodeResult(codec.mapper().getNodeFactory().numberNode(1),
					Map.of("a", Map.of("b", List.of(1, 2))));
			assertThat(new String(frame)).doesNotContain("\n");
			assertThat(context.getBean(JsonMapper.class).isEnabled(SerializationFeature.INDENT_OUTPUT)).isTrue();
		});
	}

	@Test
	void handlersAreDiscoveredAndAdvertised() {
		this.contextRunner.withUserConfiguration(AnalyticsConfiguration.class)
			.withPropertyValues("acp.extensions[example.com/analytics].meta.events[0]=tool_execution",
					"acp.extensions[example.com/analytics].meta.events[1]=model_call")
			.run((context) -> {
				AcpMethodRegistry registry = context.getBean(AcpMethodRegistry.class);
				assertThat(registry.find("_example.com/analytics/summary").kind()).isEqualTo(AcpHandlerKind.REQUEST);
				assertThat(registry.find("_example.com/analytics/event").kind()).isEqualTo(AcpHandlerKind.NOTIFICATION);
				JsonNode meta = advertisedMeta(context.getBean(AcpAgent.class), context.getBean(JsonRpcCodec.class));
				assertThat(meta.toString()).isEqualTo("{\"example.com/analytics\":{\"version\":\"1.0\","
						+ "\"methods\":[\"_example.com/analytics/summary\"],"
						+ "\"notifications\":[\"_example.com/analytics/event\"],"
						+ "\"events\":[\"tool_execution\",\"model_call\"]}}");
			});
	}

	@Test
	void configuredMetaKeysKeepTheirOrderFromTheConfiguration() {
		String[] keys = { "zulu", "alpha", "mike", "bravo", "yankee", "charlie", "xray", "delta", "whiskey", "echo",
				"victor", "foxtrot" };
		String[] properties = new String[keys.length];
		for (int i = 0; i < keys.length; i++) {
			properties[i] = "acp.extensions[example.com/analytics].meta." + keys[i] + "=" + i;
		}
		this.contextRunner.withUserConfiguration(AnalyticsConfiguration.class)
			.withPropertyValues(properties)
			.run((context) -> {
				JsonNode entry = advertisedMeta(context.getBean(AcpAgent.class), context.getBean(JsonRpcCodec.class))
					.get("example.com/analytics");
				List<String> names = new ArrayList<>(entry.propertyNames());
				assertThat(names.subList(3, names.size())).containsExactly(keys);
			});
	}

	@Test
	void namespaceWithoutAnnotationComesFromTheMethodName() {
		this.contextRunner.withUserConfiguration(ZedConfiguration.class)
			.withPropertyValues("acp.extensions[zed.dev].version=0.3")
			.run((context) -> {
				JsonNode meta = advertisedMeta(context.getBean(AcpAgent.class), context.getBean(JsonRpcCodec.class));
				assertThat(meta.toString())
					.isEqualTo("{\"zed.dev\":{\"version\":\"0.3\",\"methods\":[\"_zed.dev/workspace/buffers\"]}}");
			});
	}

	@Test
	void capabilitiesCustomizersApplyLast() {
		this.contextRunner.withUserConfiguration(AnalyticsConfiguration.class, CustomizerConfiguration.class)
			.run((context) -> {
				AgentCapabilities capabilities = context.getBean(AcpAgent.class)
					.initializeResponse()
					.agentCapabilities();
				assertThat(capabilities.loadSession()).isTrue();
				assertThat(capabilities.meta()).containsOnlyKeys("example.com/analytics", "custom.dev");
			});
	}

	@Test
	void coreHandlersSetTheirCapabilityFlags() {
		this.contextRunner.withUserConfiguration(CoreHandlersConfiguration.class).run((context) -> {
			AgentCapabilities capabilities = context.getBean(AcpAgent.class).initializeResponse().agentCapabilities();
			assertThat(capabilities.loadSession()).isTrue();
			assertThat(capabilities.sessionCapabilities().list()).isNotNull();
			assertThat(capabilities.sessionCapabilities().resume()).isNotNull();
			assertThat(capabilities.sessionCapabilities().close()).isNotNull();
			assertThat(capabilities.sessionCapabilities().delete()).isNull();
			assertThat(capabilities.auth().logout()).isNotNull();
			assertThat(capabilities.meta()).isNull();
			JsonRpcCodec codec = context.getBean(JsonRpcCodec.class);
			assertThat(codec.mapper().writeValueAsString(capabilities)).isEqualTo("{\"loadSession\":true,"
					+ "\"sessionCapabilities\":{\"list\":{},\"resume\":{},\"close\":{}},\"auth\":{\"logout\":{}}}");
		});
	}

	@Test
	void badHandlerNameFailsStartupNamingBeanAndMethod() {
		this.contextRunner.withUserConfiguration(BadNameConfiguration.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).isInstanceOf(BeanInitializationException.class)
				.hasMessageContaining("'BadName.oops' of bean 'badName'")
				.hasMessageContaining("'vendor/oops'");
		});
	}

	@Test
	void duplicateHandlerNameFailsStartupNamingBoth() {
		this.contextRunner.withUserConfiguration(AnalyticsConfiguration.class, DuplicateConfiguration.class)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).hasMessageContaining("Duplicate ACP handler")
					.hasMessageContaining("Analytics.summary")
					.hasMessageContaining("Duplicate.summary");
			});
	}

	@Test
	void methodOutsideItsExtensionNamespaceFailsStartup() {
		this.contextRunner.withUserConfiguration(OutsideNamespaceConfiguration.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure())
				.hasMessageContaining("outside the namespace 'example.com/analytics'");
		});
	}

	@Test
	void unsupportedParameterFailsStartup() {
		this.contextRunner.withUserConfiguration(UnsupportedParameterConfiguration.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining("unsupported parameter of type int");
		});
	}

	@Test
	void conflictingExtensionVersionsFailStartup() {
		this.contextRunner.withUserConfiguration(AnalyticsConfiguration.class, ConflictingVersionConfiguration.class)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure())
					.hasMessageContaining("Conflicting @AcpExtension(\"example.com/analytics\")")
					.hasMessageContaining("'analytics'")
					.hasMessageContaining("'conflicting'");
			});
	}

	@Test
	void worksWithoutBeanValidationOnTheClasspath() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("jakarta.validation"))
			.withUserConfiguration(AnalyticsConfiguration.class)
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(AcpAgent.class));
	}

	private static JsonNode advertisedMeta(AcpAgent agent, JsonRpcCodec codec) {
		InitializeResponse response = agent.initializeResponse();
		return codec.mapper().valueToTree(response).get("agentCapabilities").get("_meta");
	}

	@Configuration(proxyBeanMethods = false)
	static class UserCodecConfiguration {

		@Bean
		JsonRpcCodec customCodec() {
			return new JsonRpcCodec(JsonMapper.builder().build());
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class AnalyticsConfiguration {

		@Bean
		Analytics analytics() {
			return new Analytics();
		}

	}

	@AcpExtension(value = "example.com/analytics", version = "1.0")
	static class Analytics {

		@AcpNotification("_example.com/analytics/event")
		void event(Map<String, Object> event) {
		}

		@AcpMethod("_example.com/analytics/summary")
		Map<String, Object> summary(JsonNode params) {
			return Map.of();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ZedConfiguration {

		@Bean
		Zed zed() {
			return new Zed();
		}

	}

	static class Zed {

		@AcpMethod("_zed.dev/workspace/buffers")
		Map<String, Object> buffers(JsonNode params) {
			return Map.of();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CustomizerConfiguration {

		@Bean
		AcpCapabilitiesCustomizer customizer() {
			return (capabilities) -> {
				capabilities.loadSession(true);
				capabilities.meta().put("custom.dev", Map.of("version", "2"));
			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class CoreHandlersConfiguration {

		@Bean
		CoreHandlers coreHandlers() {
			return new CoreHandlers();
		}

	}

	static class CoreHandlers {

		@AcpMethod("session/load")
		void load(JsonNode params) {
		}

		@AcpMethod("session/list")
		Map<String, Object> list(JsonNode params) {
			return Map.of("sessions", List.of());
		}

		@AcpMethod("session/resume")
		void resume(JsonNode params) {
		}

		@AcpMethod("session/close")
		void close(JsonNode params) {
		}

		@AcpMethod("session/set_mode")
		void setMode(JsonNode params) {
		}

		@AcpMethod("session/set_config_option")
		void setConfigOption(JsonNode params) {
		}

		@AcpMethod("logout")
		void logout(JsonNode params) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class BadNameConfiguration {

		@Bean
		BadName badName() {
			return new BadName();
		}

	}

	static class BadName {

		@AcpMethod("vendor/oops")
		void oops(JsonNode params) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class DuplicateConfiguration {

		@Bean
		Duplicate duplicate() {
			return new Duplicate();
		}

	}

	static class Duplicate {

		@AcpMethod("_example.com/analytics/summary")
		Map<String, Object> summary(JsonNode params) {
			return Map.of();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class OutsideNamespaceConfiguration {

		@Bean
		Outside outside() {
			return new Outside();
		}

	}

	@AcpExtension("example.com/analytics")
	static class Outside {

		@AcpMethod("_other.dev/thing")
		void thing(JsonNode params) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ConflictingVersionConfiguration {

		@Bean
		Conflicting conflicting() {
			return new Conflicting();
		}

	}

	@AcpExtension(value = "example.com/analytics", version = "2.0")
	static class Conflicting {

		@AcpMethod("_example.com/analytics/other")
		void other(JsonNode params) {
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UnsupportedParameterConfiguration {

		@Bean
		Unsupported unsupported() {
			return new Unsupported();
		}

	}

	static class Unsupported {

		@AcpMethod("_x.dev/count")
		void count(int value) {
		}

	}

}

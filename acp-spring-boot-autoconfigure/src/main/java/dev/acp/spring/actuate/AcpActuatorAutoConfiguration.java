package dev.acp.spring.actuate;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;

import dev.acp.spring.agent.AcpAgent;
import dev.acp.spring.agent.AcpTraceContextWriter;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpProperties;
import dev.acp.spring.autoconfigure.AcpTransportStatus;
import dev.acp.spring.autoconfigure.AcpWebSocketAutoConfiguration;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.AcpMethodRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Actuator support for the ACP agent, each part only when its library is present: the
 * {@code acp} health indicator ({@code management.health.acp.enabled}), the {@code acp}
 * endpoint, the meters, the trace context of the notifications handlers send (with
 * Micrometer Tracing), and the opt-in {@code _acp-spring-boot/health} extension
 * ({@code acp.health-extension.enabled}).
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = { AcpAutoConfiguration.class, AcpWebSocketAutoConfiguration.class }, afterName = {
		"org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.brave.autoconfigure.BraveAutoConfiguration" })
@ConditionalOnBean(AcpAgent.class)
public final class AcpActuatorAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	@ConditionalOnEnabledHealthIndicator("acp")
	static class HealthIndicatorConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "acpHealthIndicator")
		AcpHealthIndicator acpHealthIndicator(ObjectProvider<AcpTransportStatus> status,
				JsonRpcConnectionFactory connectionFactory, AcpMethodRegistry registry) {
			return new AcpHealthIndicator(status.getIfAvailable(), connectionFactory, registry);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	@ConditionalOnAvailableEndpoint(AcpEndpoint.class)
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		AcpEndpoint acpEndpoint(AcpAgent agent) {
			return new AcpEndpoint(agent);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class MetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		AcpMetrics acpMetrics(JsonRpcConnectionFactory connectionFactory, AcpProperties properties) {
			return new AcpMetrics(connectionFactory, properties.getTransport().name().toLowerCase(Locale.ROOT));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Tracer.class)
	static class TracingConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnBean({ Tracer.class, Propagator.class })
		AcpTraceContextWriter acpTraceContextWriter(Tracer tracer, Propagator propagator) {
			return new TracingContextWriter(tracer, propagator);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ HealthIndicator.class, Endpoint.class })
	@ConditionalOnBooleanProperty("acp.health-extension.enabled")
	static class HealthExtensionConfiguration {

		@Bean
		@ConditionalOnMissingBean
		AcpHealthExtension acpHealthExtension(ObjectProvider<HealthEndpoint> endpoint,
				ObjectProvider<AcpHealthIndicator> indicator) {
			Supplier<Object> health = () -> {
				HealthEndpoint healthEndpoint = endpoint.getIfAvailable();
				if (healthEndpoint != null) {
					return healthEndpoint.health();
				}
				AcpHealthIndicator acp = indicator.getIfAvailable();
				return (acp != null) ? describe(acp.health(true)) : null;
			};
			return new AcpHealthExtension(health);
		}

		private static Map<String, Object> describe(Health health) {
			Map<String, Object> description = new LinkedHashMap<>();
			description.put("status", health.getStatus().getCode());
			description.put("components",
					Map.of("acp", Map.of("status", health.getStatus().getCode(), "details", health.getDetails())));
			return description;
		}

	}

}

package dev.acp.spring.actuate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import io.micrometer.core.instrument.observation.MeterObservationHandler;
import io.micrometer.observation.GlobalObservationConvention;
import io.micrometer.observation.ObservationFilter;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationPredicate;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.handler.TracingObservationHandler;
import io.micrometer.tracing.propagation.Propagator;
import io.opentelemetry.sdk.trace.samplers.Sampler;

import dev.acp.spring.agent.AcpTraceContextWriter;
import dev.acp.spring.agent.AcpTraceSampler;
import dev.acp.spring.agent.support.AcpAgent;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpHealthExtensionProperties;
import dev.acp.spring.autoconfigure.AcpObservationsProperties;
import dev.acp.spring.autoconfigure.AcpProperties;
import dev.acp.spring.autoconfigure.AcpTransportStatus;
import dev.acp.spring.autoconfigure.AcpWebSocketAutoConfiguration;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.method.support.AcpMethodRegistry;
import dev.acp.spring.transport.websocket.BearerToken;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.autoconfigure.web.server.ConditionalOnManagementPort;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.actuate.endpoint.EndpointId;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.health.actuate.endpoint.HealthEndpointGroupsPostProcessor;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Actuator support for the ACP agent, each part only when its library is present: the
 * {@code acp} health indicator ({@code management.health.acp.enabled}), the {@code acp}
 * endpoint, the meters, the trace context of the notifications handlers send (with
 * Micrometer Tracing), the sampling of inbound calls before their observations start
 * (with OpenTelemetry's SDK), the opt-in {@code _acp-spring-boot/health} extension
 * ({@code acp.health-extension.enabled}), and, with the WebSocket bearer token and
 * without Spring Security, the token on the actuator endpoints (health answers its status
 * alone without it).
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = { AcpAutoConfiguration.class, AcpWebSocketAutoConfiguration.class }, afterName = {
		"org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration",
		"org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
		"org.springframework.boot.micrometer.tracing.brave.autoconfigure.BraveAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration" })
@ConditionalOnBean(AcpAgent.class)
@EnableConfigurationProperties({ AcpObservationsProperties.class, AcpHealthExtensionProperties.class })
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
		AcpTraceContextWriter acpTraceContextWriter(Tracer tracer, Propagator propagator,
				ObjectProvider<AcpTraceSampler> sampler) {
			UnsampledTraceparent unsampled = (sampler.getIfAvailable() instanceof UnsampledTraceparent current)
					? current : null;
			return new TracingContextWriter(tracer, propagator, unsampled);
		}

	}

	/**
	 * With OpenTelemetry's SDK, the trace of an inbound call is sampled before its
	 * observation starts, and an unsampled call gets no span
	 * ({@code acp.observations.trace-unsampled-calls=true} turns this off).
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ Tracer.class, Sampler.class })
	@ConditionalOnBooleanProperty(name = "acp.observations.trace-unsampled-calls", havingValue = false,
			matchIfMissing = true)
	static class TraceSamplingConfiguration {

		@Bean
		static TraceSamplingPostProcessor acpTraceSamplingPostProcessor() {
			return new TraceSamplingPostProcessor();
		}

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnBean({ Tracer.class, Propagator.class, Sampler.class })
		AcpTraceSampler acpTraceSampler(Propagator propagator, Sampler sampler,
				ObjectProvider<UnsampledCallTimers> timers, AcpObservationsProperties observations,
				ListableBeanFactory beans) {
			if (!(sampler instanceof SampledRootSampler sampledRoots)) {
				return AcpTraceSampler.NONE;
			}
			BooleanSupplier rootSpansGoNowhere = observations.isTraceRootsWithoutExporter() ? () -> false
					: () -> SpanReceivers.none(beans);
			return new OpenTelemetryTraceSampler(sampledRoots.delegate(), propagator.fields(), timers.getIfAvailable(),
					rootSpansGoNowhere);
		}

		/**
		 * Times unsampled calls with cached meters, ahead of Boot's meter handler, which
		 * still times every other observation (sampled calls included).
		 */
		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass(MeterRegistry.class)
		static class UnsampledCallsMeterConfiguration {

			@Bean
			@Order(Ordered.HIGHEST_PRECEDENCE)
			@ConditionalOnBean(MeterRegistry.class)
			UnsampledCallsMeterHandler acpUnsampledCallsMeterHandler(MeterRegistry registry, Environment environment) {
				Set<IgnoredMeters> ignored = Binder.get(environment)
					.bind("management.metrics.observations.ignored-meters", Bindable.setOf(IgnoredMeters.class))
					.orElse(Set.of());
				return new UnsampledCallsMeterHandler(registry, !ignored.contains(IgnoredMeters.LONG_TASK_TIMER));
			}

			@Bean
			@ConditionalOnBean({ MeterRegistry.class, ObservationRegistry.class })
			@ConditionalOnBooleanProperty(name = "acp.observations.observe-unsampled-calls", havingValue = false,
					matchIfMissing = true)
			UnsampledCallTimers acpUnsampledCallTimers(MeterRegistry registry, ObservationRegistry observations,
					Environment environment, ObjectProvider<ObservationHandler<?>> handlers,
					ObjectProvider<ObservationFilter> filters, ObjectProvider<ObservationPredicate> predicates,
					ObjectProvider<GlobalObservationConvention<?>> conventions) {
				Binder binder = Binder.get(environment);
				Set<IgnoredMeters> ignored = binder
					.bind("management.metrics.observations.ignored-meters", Bindable.setOf(IgnoredMeters.class))
					.orElse(Set.of());
				boolean keyValues = !binder
					.bind("management.observations.key-values", Bindable.mapOf(String.class, String.class))
					.orElse(Map.of())
					.isEmpty();
				BooleanSupplier onlyTimersObserve = () -> !keyValues
						&& handlers.stream().allMatch(UnsampledCallsMeterConfiguration::onlyTimesOrTraces)
						&& filters.stream().allMatch(UnsampledCallsMeterConfiguration::isBoots)
						&& predicates.stream().allMatch((predicate) -> isBoots(predicate) || isOurs(predicate))
						&& conventions.stream().findAny().isEmpty();
				return new UnsampledCallTimers(registry, observations, !ignored.contains(IgnoredMeters.LONG_TASK_TIMER),
						onlyTimersObserve);
			}

			/**
			 * Whether a handler only times observations as Boot's own meter handler does,
			 * or traces them (the tracing handlers skip unsampled calls).
			 */
			private static boolean onlyTimesOrTraces(ObservationHandler<?> handler) {
				if (handler instanceof TracingObservationHandler<?>) {
					return true;
				}
				return handler instanceof MeterObservationHandler<?>
						&& (handler.getClass().getName().startsWith("io.micrometer.") || isBoots(handler)
								|| handler instanceof UnsampledCallsMeterHandler);
			}

			private static boolean isBoots(Object bean) {
				return bean.getClass().getName().startsWith("org.springframework.boot.");
			}

			private static boolean isOurs(Object bean) {
				return bean.getClass().getName().startsWith("dev.acp.spring.");
			}

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
				Health acpHealth = (acp != null) ? acp.health(true) : null;
				return (acpHealth != null) ? describe(acpHealth) : null;
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

	/**
	 * The WebSocket transport's bearer token guards the actuator endpoints too, unless
	 * the application has Spring Security (its own rules apply then).
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass({ Endpoint.class, PathMappedEndpoints.class, OncePerRequestFilter.class })
	@ConditionalOnBean(BearerToken.class)
	@ConditionalOnMissingBean(name = SPRING_SECURITY_FILTER_CHAIN)
	static class ActuatorBearerTokenConfiguration {

		@Bean
		@ConditionalOnManagementPort(ManagementPortType.SAME)
		FilterRegistrationBean<ActuatorBearerTokenFilter> acpActuatorBearerTokenFilter(BearerToken token,
				ObjectProvider<PathMappedEndpoints> endpoints) {
			return registration(token, endpoints.getIfAvailable());
		}

		/**
		 * The filter that requires the token on the actuator endpoints: the base path and
		 * every endpoint's path, health (and its groups) open to anonymous requests.
		 * @param token the token
		 * @param endpoints the web endpoints, or {@code null} when none
		 * @return the filter's registration
		 */
		static FilterRegistrationBean<ActuatorBearerTokenFilter> registration(BearerToken token,
				@Nullable PathMappedEndpoints endpoints) {
			List<String> guarded = new ArrayList<>();
			List<String> open = new ArrayList<>();
			if (endpoints != null) {
				guarded.add(endpoints.getBasePath());
				guarded.addAll(endpoints.getAllPaths());
				String health = endpoints.getPath(EndpointId.of("health"));
				if (health != null) {
					open.add(health);
				}
			}
			FilterRegistrationBean<ActuatorBearerTokenFilter> registration = new FilterRegistrationBean<>(
					new ActuatorBearerTokenFilter(token, guarded, open));
			registration.setName("acpActuatorBearerTokenFilter");
			registration.setOrder(FILTER_ORDER);
			return registration;
		}

	}

	/**
	 * With the bearer token guarding the actuator, health shows components and details
	 * only to requests that presented it.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(HealthEndpointGroupsPostProcessor.class)
	@ConditionalOnBean(BearerToken.class)
	@ConditionalOnMissingBean(name = SPRING_SECURITY_FILTER_CHAIN)
	static class AuthenticatedHealthDetailsConfiguration {

		@Bean
		AuthenticatedHealthDetails acpAuthenticatedHealthDetails() {
			return new AuthenticatedHealthDetails();
		}

	}

	static final String SPRING_SECURITY_FILTER_CHAIN = "springSecurityFilterChain";

	/** Before Spring Security's default order and the web endpoints. */
	static final int FILTER_ORDER = Ordered.HIGHEST_PRECEDENCE + 100;

}

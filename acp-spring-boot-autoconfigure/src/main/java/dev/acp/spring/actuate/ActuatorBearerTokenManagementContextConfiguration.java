package dev.acp.spring.actuate;

import dev.acp.spring.transport.websocket.BearerToken;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextConfiguration;
import org.springframework.boot.actuate.autoconfigure.web.ManagementContextType;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The WebSocket transport's bearer token on the actuator endpoints when they are served
 * on a port of their own ({@code management.server.port}): the same filter as on the
 * application's port, in the management server's context.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ManagementContextConfiguration(value = ManagementContextType.CHILD, proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ Endpoint.class, PathMappedEndpoints.class, OncePerRequestFilter.class })
@ConditionalOnBean(BearerToken.class)
@ConditionalOnMissingBean(name = AcpActuatorAutoConfiguration.SPRING_SECURITY_FILTER_CHAIN)
class ActuatorBearerTokenManagementContextConfiguration {

	@Bean
	FilterRegistrationBean<ActuatorBearerTokenFilter> acpActuatorBearerTokenFilter(BearerToken token,
			ObjectProvider<PathMappedEndpoints> endpoints) {
		return AcpActuatorAutoConfiguration.ActuatorBearerTokenConfiguration.registration(token,
				endpoints.getIfAvailable());
	}

}

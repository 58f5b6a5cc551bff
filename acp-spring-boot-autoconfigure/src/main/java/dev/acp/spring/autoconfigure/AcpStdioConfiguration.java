package dev.acp.spring.autoconfigure;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Serves the agent over standard input and output ({@code acp.transport=stdio}, the
 * default).
 *
 * @author ACP Spring Boot Starter contributors
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(prefix = "acp", name = "transport", havingValue = "stdio", matchIfMissing = true)
class AcpStdioConfiguration {

	@Bean
	@ConditionalOnMissingBean
	StdioTransportLifecycle acpStdioTransportLifecycle(JsonRpcConnectionFactory connectionFactory,
			AcpProperties properties) {
		return new StdioTransportLifecycle(connectionFactory, properties.getStdio());
	}

}

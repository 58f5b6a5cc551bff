package dev.acp.spring.autoconfigure;

import dev.acp.spring.agent.AcpMcpServerPolicy;
import dev.acp.spring.agent.DefaultAcpMcpServerPolicy;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The policy on the MCP servers clients name: from {@code acp.mcp-servers.*} unless the
 * application has an {@link AcpMcpServerPolicy} bean.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AcpMcpServersProperties.class)
class AcpMcpServersConfiguration {

	@Bean
	@ConditionalOnMissingBean
	AcpMcpServerPolicy acpMcpServerPolicy(AcpMcpServersProperties properties) {
		AcpMcpServersProperties.Network network = properties.getNetwork();
		return new DefaultAcpMcpServerPolicy(network.isStdio(), network.getAllowedHosts());
	}

}

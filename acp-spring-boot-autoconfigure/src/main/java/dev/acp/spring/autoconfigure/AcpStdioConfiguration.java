package dev.acp.spring.autoconfigure;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;

import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Serves the agent over standard input and output ({@code acp.transport=stdio}, the
 * default), or, as a warm agent, over the standard input and output of the launchers that
 * connect to it ({@code acp.transport=local}).
 *
 * @author ACP Spring Boot Starter contributors
 */
@Configuration(proxyBeanMethods = false)
@Conditional(AcpStdioConfiguration.OnProcessTransport.class)
class AcpStdioConfiguration {

	@Bean
	@ConditionalOnMissingBean
	ProcessTransportLifecycle acpProcessTransport(JsonRpcConnectionFactory connectionFactory, AcpProperties properties,
			AcpLocalProperties local, AcpStdioProperties stdio) {
		if (properties.getTransport() == AcpProperties.Transport.LOCAL) {
			return new LocalTransportLifecycle(connectionFactory, local, stdio);
		}
		return new StdioTransportLifecycle(connectionFactory, stdio);
	}

	static final class OnProcessTransport extends AnyNestedCondition {

		OnProcessTransport() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnProperty(prefix = "acp", name = "transport", havingValue = "stdio", matchIfMissing = true)
		static final class Stdio {

		}

		@ConditionalOnProperty(prefix = "acp", name = "transport", havingValue = "local")
		static final class Local {

		}

	}

}

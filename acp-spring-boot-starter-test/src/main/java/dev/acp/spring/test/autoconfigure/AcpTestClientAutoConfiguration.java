package dev.acp.spring.test.autoconfigure;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.test.AcpTestClient;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Scope;

/**
 * Auto-configuration of the {@link AcpTestClient} in tests: every injection point gets a
 * new client connected in memory to the application's agent, closed with the context.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = AcpAutoConfiguration.class)
@ConditionalOnBean(type = "dev.acp.spring.jsonrpc.JsonRpcConnectionFactory")
public final class AcpTestClientAutoConfiguration {

	@Bean
	AcpTestClients acpTestClients(ApplicationContext context) {
		return new AcpTestClients(context);
	}

	@Bean
	@Scope(BeanDefinition.SCOPE_PROTOTYPE)
	@ConditionalOnMissingBean
	AcpTestClient acpTestClient(AcpTestClients clients) {
		return clients.connect();
	}

	/**
	 * The clients connected so far, closed with the context.
	 */
	static final class AcpTestClients implements DisposableBean {

		private final ApplicationContext context;

		private final List<AcpTestClient> clients = new CopyOnWriteArrayList<>();

		AcpTestClients(ApplicationContext context) {
			this.context = context;
		}

		AcpTestClient connect() {
			AcpTestClient client = AcpTestClient.connect(this.context);
			this.clients.add(client);
			return client;
		}

		@Override
		public void destroy() {
			this.clients.forEach(AcpTestClient::close);
			this.clients.clear();
		}

	}

}

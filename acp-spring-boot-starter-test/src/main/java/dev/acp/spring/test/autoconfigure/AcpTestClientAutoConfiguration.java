package dev.acp.spring.test.autoconfigure;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.agent.support.AcpAgent;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.test.AcpTestClient;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Scope;

/**
 * Auto-configuration of the {@link AcpTestClient} in tests: every injection point gets a
 * new client connected in memory to the application's agent, closed with the context.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(after = AcpAutoConfiguration.class)
@ConditionalOnBean(JsonRpcConnectionFactory.class)
public final class AcpTestClientAutoConfiguration {

	@Bean
	AcpTestClients acpTestClients(JsonRpcConnectionFactory factory, JsonRpcCodec codec,
			ObjectProvider<AcpAgent> agent) {
		return new AcpTestClients(factory, codec, agent.getIfAvailable());
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

		private final JsonRpcConnectionFactory factory;

		private final JsonRpcCodec codec;

		private final AcpAgent agent;

		private final List<AcpTestClient> clients = new CopyOnWriteArrayList<>();

		AcpTestClients(JsonRpcConnectionFactory factory, JsonRpcCodec codec, AcpAgent agent) {
			this.factory = factory;
			this.codec = codec;
			this.agent = agent;
		}

		AcpTestClient connect() {
			AcpTestClient client = AcpTestClient.connect(this.factory, this.codec, this.agent);
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

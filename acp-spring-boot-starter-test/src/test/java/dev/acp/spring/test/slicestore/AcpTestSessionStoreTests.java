package dev.acp.spring.test.slicestore;

import java.util.Map;

import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.InMemoryAcpSessionStore;
import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An {@link AcpTest @AcpTest} of an application whose sessions are in a database starts
 * with the memory session store.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AcpTest
class AcpTestSessionStoreTests {

	@Autowired
	private AcpTestClient client;

	@Autowired
	private ApplicationContext context;

	@Test
	void theSliceKeepsSessionsInMemoryThoughTheApplicationChoosesJdbc() {
		assertThat(this.context.getEnvironment().getProperty("acp.sessions.store")).isEqualTo("memory");
		assertThat(this.context.getBean(AcpSessionStore.class)).isInstanceOf(InMemoryAcpSessionStore.class);
		this.client.initialize();
		assertThat(this.client.call("_store.test/ping", Map.of())).hasResult("{\"pong\":\"yes\"}");
		assertThat(this.client.newSession()).startsWith("sess_");
	}

}

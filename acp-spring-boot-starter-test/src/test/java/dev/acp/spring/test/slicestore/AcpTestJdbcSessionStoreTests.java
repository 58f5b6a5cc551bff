package dev.acp.spring.test.slicestore;

import java.util.Map;

import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.jdbc.JdbcAcpSessionStore;
import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An {@link AcpTest @AcpTest} that asks for the JDBC session store gets it, on the
 * database the test gives.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AcpTest(properties = { "acp.sessions.store=jdbc", "acp.sessions.jdbc.initialize-schema=always" })
class AcpTestJdbcSessionStoreTests {

	private static EmbeddedPostgres postgres;

	@Autowired
	private AcpTestClient client;

	@Autowired
	private ApplicationContext context;

	@DynamicPropertySource
	static void database(DynamicPropertyRegistry registry) throws Exception {
		postgres = EmbeddedPostgres.builder().start();
		registry.add("spring.datasource.url", () -> postgres.getJdbcUrl("postgres", "postgres"));
		registry.add("spring.datasource.username", () -> "postgres");
		registry.add("spring.datasource.password", () -> "postgres");
	}

	@AfterAll
	static void stopPostgres() throws Exception {
		postgres.close();
	}

	@Test
	void theSliceKeepsSessionsInTheDatabaseTheTestGives() {
		assertThat(this.context.getBean(AcpSessionStore.class)).isInstanceOf(JdbcAcpSessionStore.class);
		this.client.initialize();
		assertThat(this.client.call("_store.test/ping", Map.of())).hasResult("{\"pong\":\"yes\"}");
		String sessionId = this.client.newSession();
		assertThat(JdbcClient.create(postgres.getPostgresDatabase())
			.sql("select count(*) from acp_session where session_id = ?")
			.param(sessionId)
			.query(Integer.class)
			.single()).isEqualTo(1);
	}

}

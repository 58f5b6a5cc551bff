package dev.acp.spring.test.docs.restart;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.acp.spring.test.AcpTestClient;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

// docs/testing.md "A restart on a real database": the snippet is copied from this file (DocsSnippetsTests holds
// them together)
class SessionsSurviveRestartTests {

	static EmbeddedPostgres postgres;

	@BeforeAll
	static void startPostgres() throws Exception {
		postgres = EmbeddedPostgres.builder().start(); // a real PostgreSQL, no Docker
	}

	@AfterAll
	static void stopPostgres() throws Exception {
		postgres.close();
	}

	@Test
	void aSessionIsLoadedAfterARestart() {
		String sessionId;
		try (ConfigurableApplicationContext agent = start(); AcpTestClient client = AcpTestClient.connect(agent)) {
			client.initialize();
			sessionId = client.newSession();
			client.prompt(sessionId, "hello");
		}
		// a new application on the same database: nothing left in memory
		try (ConfigurableApplicationContext agent = start(); AcpTestClient client = AcpTestClient.connect(agent)) {
			client.initialize();
			client.loadSession(sessionId);
			assertThat(client.agentMessageText(sessionId)).isEqualTo("You said: hello");
		}
	}

	private static ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(EchoApplication.class)
			.properties("acp.transport=none", "acp.sessions.store=jdbc", "acp.sessions.jdbc.initialize-schema=always",
					"spring.datasource.url=" + postgres.getJdbcUrl("postgres", "postgres"),
					"spring.datasource.username=postgres", "spring.datasource.password=postgres")
			.run();
	}

}

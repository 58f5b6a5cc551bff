package dev.acp.spring.session.jdbc;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import org.springframework.jdbc.datasource.embedded.EmbeddedDatabase;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

/**
 * The JDBC store on H2, with {@code schema-h2.sql}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class H2JdbcAcpSessionStoreTests extends JdbcAcpSessionStoreTests {

	private static EmbeddedDatabase database;

	@BeforeAll
	static void startDatabase() {
		database = new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2)
			.generateUniqueName(true)
			.addScript("classpath:dev/acp/spring/session/jdbc/schema-h2.sql")
			.build();
	}

	@AfterAll
	static void stopDatabase() {
		database.shutdown();
	}

	@Override
	protected String schemaScript() {
		return "dev/acp/spring/session/jdbc/schema-h2.sql";
	}

	@Override
	protected DataSource dataSource() {
		return database;
	}

}

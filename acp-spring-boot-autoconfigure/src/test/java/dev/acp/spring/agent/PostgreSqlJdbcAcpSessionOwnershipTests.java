package dev.acp.spring.agent;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link AcpSessionOwnershipTests} on the JDBC store in a real PostgreSQL server
 * ({@link PostgreSqlJdbcSessionStore}), emptied before each test.
 *
 * @author ACP Spring Boot Starter contributors
 */
class PostgreSqlJdbcAcpSessionOwnershipTests extends JdbcAcpSessionOwnershipTests {

	@RegisterExtension
	static final PostgreSqlJdbcSessionStore postgres = new PostgreSqlJdbcSessionStore();

	@BeforeEach
	void emptyTheTables() {
		postgres.emptyTables();
	}

	@Override
	protected ApplicationContextRunner contextRunner() {
		return postgres.keepingSessions(super.contextRunner());
	}

}

package dev.acp.spring.agent;

import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link AcpSessionKeepingTests} on the JDBC store in a real PostgreSQL server
 * ({@link PostgreSqlJdbcSessionStore}). Each test makes sessions of its own random ids,
 * so the tables need not be emptied between tests.
 *
 * @author ACP Spring Boot Starter contributors
 */
class PostgreSqlJdbcAcpSessionKeepingTests extends AcpSessionKeepingTests {

	@RegisterExtension
	static final PostgreSqlJdbcSessionStore postgres = new PostgreSqlJdbcSessionStore();

	@Override
	protected ApplicationContextRunner contextRunner() {
		return postgres.keepingSessions(super.contextRunner());
	}

}

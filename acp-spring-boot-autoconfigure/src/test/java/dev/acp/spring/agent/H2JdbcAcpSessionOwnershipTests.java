package dev.acp.spring.agent;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link AcpSessionOwnershipTests} on the JDBC store in an embedded H2 database of each
 * context ({@link H2JdbcSessionStore}).
 *
 * @author ACP Spring Boot Starter contributors
 */
class H2JdbcAcpSessionOwnershipTests extends JdbcAcpSessionOwnershipTests {

	@Override
	protected ApplicationContextRunner contextRunner() {
		return H2JdbcSessionStore.keepingSessions(super.contextRunner());
	}

}

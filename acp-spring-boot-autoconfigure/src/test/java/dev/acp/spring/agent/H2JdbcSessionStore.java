package dev.acp.spring.agent;

import dev.acp.spring.autoconfigure.AcpJdbcSessionStoreAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The JDBC session store in an embedded H2 database of each context, its schema created
 * by the store's auto-configuration.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class H2JdbcSessionStore {

	private H2JdbcSessionStore() {
	}

	/**
	 * The agent of a runner, its sessions kept in H2.
	 * @param runner the agent
	 * @return the runner
	 */
	static ApplicationContextRunner keepingSessions(ApplicationContextRunner runner) {
		return runner
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
					AcpJdbcSessionStoreAutoConfiguration.class))
			.withPropertyValues("acp.sessions.store=jdbc");
	}

}

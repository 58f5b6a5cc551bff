package dev.acp.spring.agent;

import dev.acp.spring.autoconfigure.AcpJdbcSessionStoreAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * {@link AcpSessionKeepingTests} on the JDBC store in an embedded H2 database of each
 * context, its schema created by the store's auto-configuration.
 *
 * @author ACP Spring Boot Starter contributors
 */
class H2JdbcAcpSessionKeepingTests extends AcpSessionKeepingTests {

	@Override
	protected ApplicationContextRunner contextRunner() {
		return super.contextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
					AcpJdbcSessionStoreAutoConfiguration.class))
			.withPropertyValues("acp.sessions.store=jdbc");
	}

}

package dev.acp.spring.test;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves Boot's JDBC auto-configuration out of this module's test applications unless
 * they choose the JDBC session store ({@code acp.sessions.store=jdbc}): JDBC, a pool and
 * a PostgreSQL driver are on the test class path for the store's tests only, and the
 * other applications have no database.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class JdbcStoreOnlyAutoConfigurationFilter implements AutoConfigurationImportFilter, EnvironmentAware {

	private boolean jdbcStore;

	@Override
	public void setEnvironment(Environment environment) {
		this.jdbcStore = "jdbc".equalsIgnoreCase(environment.getProperty("acp.sessions.store"));
	}

	@Override
	public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata autoConfigurationMetadata) {
		boolean[] matches = new boolean[autoConfigurationClasses.length];
		for (int i = 0; i < matches.length; i++) {
			String name = autoConfigurationClasses[i];
			matches[i] = this.jdbcStore || name == null || !name.startsWith("org.springframework.boot.jdbc.");
		}
		return matches;
	}

}

package dev.acp.demo;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves Boot's JDBC and transaction auto-configuration out unless the JDBC session store
 * is chosen ({@code --acp.sessions.store=jdbc}): the demo carries a JDBC driver and pool
 * for that store, and without it needs no database and starts as fast as before. An
 * application with one store only needs none of this.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class DemoJdbcAutoConfigurationFilter implements AutoConfigurationImportFilter, EnvironmentAware {

	private static final String[] JDBC_PACKAGES = { "org.springframework.boot.jdbc.",
			"org.springframework.boot.transaction." };

	private boolean jdbcStore;

	@Override
	public void setEnvironment(Environment environment) {
		this.jdbcStore = "jdbc".equalsIgnoreCase(environment.getProperty("acp.sessions.store"));
	}

	@Override
	public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata autoConfigurationMetadata) {
		boolean[] matches = new boolean[autoConfigurationClasses.length];
		for (int i = 0; i < matches.length; i++) {
			matches[i] = this.jdbcStore || !isJdbc(autoConfigurationClasses[i]);
		}
		return matches;
	}

	private static boolean isJdbc(String className) {
		if (className == null) {
			return false;
		}
		for (String prefix : JDBC_PACKAGES) {
			if (className.startsWith(prefix)) {
				return true;
			}
		}
		return false;
	}

}

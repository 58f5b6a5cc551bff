package dev.acp.spring.autoconfigure;

import org.jspecify.annotations.Nullable;

import dev.acp.spring.session.jdbc.JdbcAcpSessionStore;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.sql.init.DatabaseInitializationMode;

/**
 * Configuration of the JDBC session store ({@code acp.sessions.store=jdbc}).
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.sessions.jdbc")
public class AcpJdbcSessionStoreProperties {

	private static final String DEFAULT_SCHEMA_LOCATION = "classpath:dev/acp/spring/session/jdbc/schema-@@platform@@.sql";

	/**
	 * When to create the store's tables at start-up: embedded (an embedded database such
	 * as H2 only), always, or never. The scripts create what does not exist yet.
	 */
	private DatabaseInitializationMode initializeSchema = DatabaseInitializationMode.EMBEDDED;

	/**
	 * Location of the SQL script that creates the store's tables; @@platform@@ stands for
	 * the database's platform (postgresql, h2, ...).
	 */
	private String schema = DEFAULT_SCHEMA_LOCATION;

	/**
	 * Platform that replaces @@platform@@ in the schema location. Detected from the
	 * DataSource by default.
	 */
	private @Nullable String platform;

	/**
	 * Prefix of the store's table names, followed by 'session', 'session_history' and
	 * 'session_cursor_key'. The bundled scripts create the tables of the default prefix;
	 * another prefix needs a script of its own (acp.sessions.jdbc.schema).
	 */
	private String tablePrefix = JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX;

	public DatabaseInitializationMode getInitializeSchema() {
		return this.initializeSchema;
	}

	public void setInitializeSchema(DatabaseInitializationMode initializeSchema) {
		this.initializeSchema = initializeSchema;
	}

	public String getSchema() {
		return this.schema;
	}

	public void setSchema(String schema) {
		this.schema = schema;
	}

	public @Nullable String getPlatform() {
		return this.platform;
	}

	public void setPlatform(@Nullable String platform) {
		this.platform = platform;
	}

	public String getTablePrefix() {
		return this.tablePrefix;
	}

	public void setTablePrefix(String tablePrefix) {
		this.tablePrefix = tablePrefix;
	}

}

package dev.acp.spring.autoconfigure;

import java.util.List;

import javax.sql.DataSource;

import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.jdbc.init.PlatformPlaceholderDatabaseDriverResolver;
import org.springframework.boot.sql.init.DatabaseInitializationSettings;
import org.springframework.util.StringUtils;

/**
 * Creates the tables of the JDBC session store with the script of the database's
 * platform, as {@code acp.sessions.jdbc.initialize-schema} says. Declare a bean of this
 * type to replace it.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpJdbcSessionStoreDataSourceScriptDatabaseInitializer extends DataSourceScriptDatabaseInitializer {

	/**
	 * Creates the initializer.
	 * @param dataSource the store's database
	 * @param properties the store's properties
	 */
	public AcpJdbcSessionStoreDataSourceScriptDatabaseInitializer(DataSource dataSource,
			AcpJdbcSessionStoreProperties properties) {
		super(dataSource, settings(dataSource, properties));
	}

	/**
	 * The settings of the store's schema script: the location with its platform resolved,
	 * the mode of {@code initialize-schema}, and failing on the first error (the scripts
	 * create only what does not exist, so an error is a real one).
	 * @param dataSource the store's database
	 * @param properties the store's properties
	 * @return the settings
	 */
	static DatabaseInitializationSettings settings(DataSource dataSource, AcpJdbcSessionStoreProperties properties) {
		PlatformPlaceholderDatabaseDriverResolver platforms = new PlatformPlaceholderDatabaseDriverResolver();
		String platform = properties.getPlatform();
		List<String> locations = StringUtils.hasText(platform) ? platforms.resolveAll(platform, properties.getSchema())
				: platforms.resolveAll(dataSource, properties.getSchema());
		DatabaseInitializationSettings settings = new DatabaseInitializationSettings();
		settings.setSchemaLocations(locations);
		settings.setMode(properties.getInitializeSchema());
		settings.setContinueOnError(false);
		return settings;
	}

}

package dev.acp.spring.autoconfigure;

import java.time.Clock;

import javax.sql.DataSource;

import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.jdbc.JdbcAcpSessionStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.sql.autoconfigure.init.OnDatabaseInitializationCondition;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.io.ResourceLoader;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.ClassUtils;

/**
 * Auto-configuration of the JDBC session store, chosen with
 * {@code acp.sessions.store=jdbc}: a {@link JdbcAcpSessionStore} on the application's
 * {@link DataSource}, its tables created as {@code acp.sessions.jdbc.initialize-schema}
 * says. Without a usable DataSource, or without Spring JDBC, start-up fails naming the
 * property: the store never falls back to memory. Without the property nothing of JDBC is
 * loaded.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(before = AcpSessionAutoConfiguration.class,
		afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
				"org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration" },
		after = AcpAutoConfiguration.class)
@ConditionalOnProperty(prefix = "acp.sessions", name = "store", havingValue = "jdbc")
public final class AcpJdbcSessionStoreAutoConfiguration {

	static final String STORE_PROPERTY = "acp.sessions.store";

	private static final String JDBC_CLIENT_CLASS = "org.springframework.jdbc.core.simple.JdbcClient";

	private static final String BOOT_JDBC_CLASS = "org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer";

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = { JDBC_CLIENT_CLASS, BOOT_JDBC_CLASS })
	@ConditionalOnSingleCandidate(DataSource.class)
	@EnableConfigurationProperties({ AcpJdbcSessionStoreProperties.class, AcpSessionProperties.class })
	@Import(DatabaseInitializationDependencyConfigurer.class)
	static class JdbcStoreConfiguration {

		@Bean
		@ConditionalOnMissingBean(AcpSessionStore.class)
		@DependsOnDatabaseInitialization
		JdbcAcpSessionStore acpSessionStore(DataSource dataSource, AcpJdbcSessionStoreProperties properties,
				AcpSessionProperties sessionProperties, ObjectProvider<JsonRpcCodec> codec,
				ObjectProvider<JsonMapper.Builder> builder) {
			ObjectMapper mapper = codec
				.getIfAvailable(() -> new JsonRpcCodec(
						AcpJsonMapper.configure(builder.getIfAvailable(JsonMapper::builder)).build()))
				.mapper();
			return new JdbcAcpSessionStore(JdbcClient.create(dataSource), mapper, properties.getTablePrefix(),
					sessionProperties.getMaxHistory(), sessionProperties.getMaxHistorySize().toBytes(),
					Clock.systemUTC());
		}

		@Bean
		@ConditionalOnMissingBean
		@Conditional(OnAcpJdbcSessionStoreInitializationCondition.class)
		AcpJdbcSessionStoreDataSourceScriptDatabaseInitializer acpJdbcSessionStoreDataSourceScriptDatabaseInitializer(
				DataSource dataSource, AcpJdbcSessionStoreProperties properties) {
			return new AcpJdbcSessionStoreDataSourceScriptDatabaseInitializer(dataSource, properties);
		}

	}

	/**
	 * The JDBC store is chosen but cannot be made: fails start-up saying why.
	 */
	@Configuration(proxyBeanMethods = false)
	@Conditional(JdbcStoreUnavailableCondition.class)
	static class JdbcStoreUnavailableConfiguration {

		@Bean
		@Lazy(false)
		@ConditionalOnMissingBean(AcpSessionStore.class)
		AcpSessionStore acpSessionStore(ResourceLoader resourceLoader) {
			ClassLoader classLoader = resourceLoader.getClassLoader();
			if (!ClassUtils.isPresent(JDBC_CLIENT_CLASS, classLoader)
					|| !ClassUtils.isPresent(BOOT_JDBC_CLASS, classLoader)) {
				throw new InvalidConfigurationPropertyValueException(STORE_PROPERTY, "jdbc",
						"The JDBC session store needs Spring JDBC: add spring-boot-starter-jdbc and the JDBC driver "
								+ "of your database to the application.");
			}
			throw new InvalidConfigurationPropertyValueException(STORE_PROPERTY, "jdbc",
					"The JDBC session store needs one DataSource (or a primary one): set spring.datasource.url "
							+ "(with the JDBC driver of your database on the class path) or declare a DataSource bean.");
		}

	}

	static final class JdbcStoreUnavailableCondition extends NoneNestedConditions {

		JdbcStoreUnavailableCondition() {
			super(ConfigurationPhase.REGISTER_BEAN);
		}

		@ConditionalOnClass(name = { JDBC_CLIENT_CLASS, BOOT_JDBC_CLASS })
		@ConditionalOnSingleCandidate(DataSource.class)
		static final class JdbcStoreAvailable {

		}

	}

	static final class OnAcpJdbcSessionStoreInitializationCondition extends OnDatabaseInitializationCondition {

		OnAcpJdbcSessionStoreInitializationCondition() {
			super("ACP JDBC session store", "acp.sessions.jdbc.initialize-schema");
		}

	}

}

package dev.acp.spring.test.autoconfigure;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;

/**
 * In an {@link AcpTest @AcpTest} that sets {@code acp.sessions.store=jdbc}: Spring Boot's
 * {@code DataSource} auto-configuration, so that the JDBC session store runs on the
 * database the test configures ({@code spring.datasource.*} or a {@code DataSource}
 * bean). Without that property the slice loads nothing of JDBC.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration(beforeName = "dev.acp.spring.autoconfigure.AcpJdbcSessionStoreAutoConfiguration")
@ConditionalOnProperty(prefix = "acp.sessions", name = "store", havingValue = "jdbc")
@ConditionalOnClass(name = AcpTestJdbcSessionStoreAutoConfiguration.DATA_SOURCE_AUTO_CONFIGURATION)
@Import(AcpTestJdbcSessionStoreAutoConfiguration.DataSourceAutoConfigurationImport.class)
public final class AcpTestJdbcSessionStoreAutoConfiguration {

	static final String DATA_SOURCE_AUTO_CONFIGURATION = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";

	/**
	 * Imports Boot's {@code DataSource} auto-configuration by name: spring-boot-jdbc is
	 * the application's choice, not a dependency of the test module.
	 */
	static final class DataSourceAutoConfigurationImport implements ImportSelector {

		@Override
		public String[] selectImports(AnnotationMetadata importingClassMetadata) {
			return new String[] { DATA_SOURCE_AUTO_CONFIGURATION };
		}

	}

}

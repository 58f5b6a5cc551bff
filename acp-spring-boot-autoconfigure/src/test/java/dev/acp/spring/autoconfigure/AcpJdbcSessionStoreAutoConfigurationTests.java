package dev.acp.spring.autoconfigure;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.jdbc.JdbcAcpSessionStore;
import dev.acp.spring.agent.AcpSessions;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * Tests of {@link AcpJdbcSessionStoreAutoConfiguration}: the JDBC store only when
 * {@code acp.sessions.store=jdbc} says so, its schema created as Boot creates others, and
 * start-up failing, never falling back to memory, when it cannot be made.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpJdbcSessionStoreAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				DataSourceAutoConfiguration.class, AcpJdbcSessionStoreAutoConfiguration.class))
		.withPropertyValues("acp.transport=none");

	@Test
	void jdbcStoreOnAnEmbeddedDatabaseCreatesItsTablesAndKeepsSessions() {
		this.contextRunner.withPropertyValues("acp.sessions.store=jdbc").run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(JdbcAcpSessionStore.class)
				.hasSingleBean(AcpJdbcSessionStoreDataSourceScriptDatabaseInitializer.class);
			AcpSessionStore store = context.getBean(AcpSessionStore.class);
			Instant now = Instant.parse("2026-11-25T10:00:00Z");
			store.save(
					new AcpSessionData("sess-1", "/w", List.of(), List.of(), null, null, Map.of(), Map.of(), now, now));
			store.append("sess-1", List.of(SessionUpdate.userMessageChunk("hi")));
			assertThat(store.find("sess-1")).isNotNull();
			assertThat(JdbcClient.create(context.getBean(DataSource.class))
				.sql("SELECT COUNT(*) FROM acp_session_history")
				.query(Integer.class)
				.single()).isOne();
		});
	}

	@Test
	void ephemeralSessionsNeverReachTheJdbcStore() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(AcpSessionAutoConfiguration.class))
			.withPropertyValues("acp.sessions.store=jdbc", "acp.sessions.ephemeral=true")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				AcpSessionStore store = context.getBean(AcpSessions.class).store();
				Instant now = Instant.parse("2026-11-25T10:00:00Z");
				store.save(new AcpSessionData("sess-1", "/w", List.of(), List.of(), null, null, Map.of(), Map.of(), now,
						now));
				store.append("sess-1", List.of(SessionUpdate.userMessageChunk("hi")));
				assertThat(store.find("sess-1")).isNotNull();
				JdbcClient database = JdbcClient.create(context.getBean(DataSource.class));
				assertThat(database.sql("SELECT COUNT(*) FROM acp_session").query(Integer.class).single()).isZero();
				assertThat(database.sql("SELECT COUNT(*) FROM acp_session_history").query(Integer.class).single())
					.isZero();
			});
	}

	@Test
	void storeIsChosenWhateverTheCaseOfItsName() {
		this.contextRunner.withPropertyValues("acp.sessions.store=JDBC")
			.run((context) -> assertThat(context).hasSingleBean(JdbcAcpSessionStore.class));
	}

	@Test
	void noJdbcStoreByDefault() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(AcpSessionStore.class)
			.doesNotHaveBean(AcpJdbcSessionStoreProperties.class)
			.doesNotHaveBean(AcpJdbcSessionStoreDataSourceScriptDatabaseInitializer.class));
	}

	@Test
	void noJdbcStoreWhenAnotherStoreIsChosen() {
		this.contextRunner.withPropertyValues("acp.sessions.store=memory")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(AcpSessionStore.class));
	}

	@Test
	void schemaIsNotCreatedWhenInitializeSchemaIsNever() {
		this.contextRunner.withPropertyValues("acp.sessions.store=jdbc", "acp.sessions.jdbc.initialize-schema=never")
			.run((context) -> {
				assertThat(context).hasNotFailed()
					.hasSingleBean(JdbcAcpSessionStore.class)
					.doesNotHaveBean(AcpJdbcSessionStoreDataSourceScriptDatabaseInitializer.class);
				assertThat(tables(context.getBean(DataSource.class))).doesNotContain("ACP_SESSION");
			});
	}

	@Test
	void schemaLocationAndTablePrefixAreConfigurable() {
		this.contextRunner
			.withPropertyValues("acp.sessions.store=jdbc", "acp.sessions.jdbc.table-prefix=my_",
					"acp.sessions.jdbc.schema=classpath:dev/acp/spring/autoconfigure/prefixed-schema-@@platform@@.sql")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				AcpSessionStore store = context.getBean(AcpSessionStore.class);
				Instant now = Instant.parse("2026-11-25T10:00:00Z");
				store.save(new AcpSessionData("sess-1", "/w", List.of(), List.of(), null, null, Map.of(), Map.of(), now,
						now));
				assertThat(tables(context.getBean(DataSource.class))).contains("MY_SESSION", "MY_SESSION_HISTORY")
					.doesNotContain("ACP_SESSION");
				assertThat(store.find("sess-1")).isNotNull();
			});
	}

	@Test
	void anApplicationStoreWins() {
		AcpSessionStore own = mock(AcpSessionStore.class);
		this.contextRunner.withPropertyValues("acp.sessions.store=jdbc")
			.withBean(AcpSessionStore.class, () -> own)
			.run((context) -> assertThat(context).hasNotFailed().getBean(AcpSessionStore.class).isSameAs(own));
	}

	@Test
	void jdbcStoreWithoutADataSourceFailsStartupNamingTheProperty() {
		this.contextRunner.withPropertyValues("acp.sessions.store=jdbc")
			.withClassLoader(new FilteredClassLoader("org.h2", "org.hsqldb", "org.apache.derby"))
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(InvalidConfigurationPropertyValueException.class)
					.hasMessageContaining("acp.sessions.store")
					.hasMessageContaining("spring.datasource.url");
			});
	}

	@Test
	void jdbcStoreWithTwoDataSourcesAndNoPrimaryFailsStartupNamingTheProperty() {
		this.contextRunner.withPropertyValues("acp.sessions.store=jdbc")
			.withUserConfiguration(TwoDataSources.class)
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("acp.sessions.store"));
	}

	@Test
	void jdbcStoreWithoutSpringJdbcFailsStartupNamingTheProperty() {
		this.contextRunner.withPropertyValues("acp.sessions.store=jdbc")
			.withClassLoader(new FilteredClassLoader("org.springframework.jdbc"))
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("acp.sessions.store")
				.hasMessageContaining("spring-boot-starter-jdbc"));
	}

	@Test
	void withoutSpringJdbcNothingOfJdbcIsLoaded() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("org.springframework.jdbc"))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(AcpSessionStore.class)
				.doesNotHaveBean(AcpJdbcSessionStoreProperties.class));
	}

	private static List<String> tables(DataSource dataSource) {
		return JdbcClient.create(dataSource)
			.sql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'PUBLIC'")
			.query(String.class)
			.list();
	}

	@Configuration(proxyBeanMethods = false)
	static class TwoDataSources {

		@Bean
		DataSource first() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).generateUniqueName(true).build();
		}

		@Bean
		DataSource second() {
			return new EmbeddedDatabaseBuilder().setType(EmbeddedDatabaseType.H2).generateUniqueName(true).build();
		}

	}

}

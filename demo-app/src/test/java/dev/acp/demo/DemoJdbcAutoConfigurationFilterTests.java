package dev.acp.demo;

import org.junit.jupiter.api.Test;

import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link DemoJdbcAutoConfigurationFilter}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoJdbcAutoConfigurationFilterTests {

	private static final String[] CLASSES = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
			"org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration",
			"dev.acp.spring.autoconfigure.AcpAutoConfiguration", null };

	@Test
	void jdbcAutoConfigurationIsLeftOutByDefault() {
		assertThat(filter(new MockEnvironment()).match(CLASSES, null)).containsExactly(false, false, true, true);
	}

	@Test
	void jdbcAutoConfigurationIsLeftOutForTheMemoryStore() {
		assertThat(filter(new MockEnvironment().withProperty("acp.sessions.store", "memory")).match(CLASSES, null))
			.containsExactly(false, false, true, true);
	}

	@Test
	void jdbcAutoConfigurationIsKeptForTheJdbcStore() {
		assertThat(filter(new MockEnvironment().withProperty("acp.sessions.store", "jdbc")).match(CLASSES, null))
			.containsExactly(true, true, true, true);
	}

	private static DemoJdbcAutoConfigurationFilter filter(MockEnvironment environment) {
		DemoJdbcAutoConfigurationFilter filter = new DemoJdbcAutoConfigurationFilter();
		filter.setEnvironment(environment);
		return filter;
	}

}

package dev.acp.spring.test.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link AcpTestFailureAnalyzer}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpTestFailureAnalyzerTests {

	@Test
	void aMissingBeanOutsideAnAcpTestIsLeftToSpringBoot() {
		assertThat(new AcpTestFailureAnalyzer(new MockEnvironment())
			.analyze(new NoSuchBeanDefinitionException(Runnable.class))).isNull();
	}

	@Test
	void aMissingBeanInAnAcpTestNamesTheWaysToGiveItToTheTest() {
		FailureAnalysis analysis = analyzer().analyze(new NoSuchBeanDefinitionException(Inventory.class));
		assertThat(analysis.getDescription()).contains("'" + Inventory.class.getName() + "'");
		assertThat(analysis.getAction()).contains("@Import(Inventory.class)")
			.contains("classes = Inventory.class")
			.contains("@MockitoBean Inventory");
	}

	@Test
	void aMissingConfigurationPropertiesTypeIsToBeEnabledNotImported() {
		FailureAnalysis analysis = analyzer().analyze(new NoSuchBeanDefinitionException(InventoryProperties.class));
		assertThat(analysis.getAction()).contains("@EnableConfigurationProperties(InventoryProperties.class)")
			.doesNotContain("@Import(");
	}

	@Test
	void aMissingTypeAnImportCannotMakeIsToBeDeclaredOrMocked() {
		assertThat(analyzer().analyze(new NoSuchBeanDefinitionException(String.class)).getAction())
			.contains("@Bean method returning String")
			.contains("@MockitoBean String")
			.doesNotContain("@Import(");
		assertThat(analyzer().analyze(new NoSuchBeanDefinitionException(Runnable.class)).getAction())
			.doesNotContain("@Import(");
	}

	private static AcpTestFailureAnalyzer analyzer() {
		return new AcpTestFailureAnalyzer(
				new MockEnvironment().withProperty(AcpTestContextBootstrapper.MARKER, "true"));
	}

	static class Inventory {

	}

	@ConfigurationProperties("inventory")
	record InventoryProperties(int size) {
	}

}

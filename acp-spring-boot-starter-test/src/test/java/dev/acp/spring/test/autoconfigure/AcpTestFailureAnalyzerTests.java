package dev.acp.spring.test.autoconfigure;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.NoSuchBeanDefinitionException;
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
		FailureAnalysis analysis = new AcpTestFailureAnalyzer(
				new MockEnvironment().withProperty(AcpTestContextBootstrapper.MARKER, "true"))
			.analyze(new NoSuchBeanDefinitionException(Runnable.class));
		assertThat(analysis.getDescription()).contains("'java.lang.Runnable'");
		assertThat(analysis.getAction()).contains("@Import(Runnable.class)")
			.contains("classes = Runnable.class")
			.contains("@MockitoBean Runnable");
	}

}

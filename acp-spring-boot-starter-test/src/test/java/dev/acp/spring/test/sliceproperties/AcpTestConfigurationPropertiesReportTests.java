package dev.acp.spring.test.sliceproperties;

import java.util.Map;

import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestContextManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * An {@link AcpTest @AcpTest} whose handler needs a {@code @ConfigurationProperties} type
 * the slice left out is told to enable it, not to import it.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class AcpTestConfigurationPropertiesReportTests {

	@Test
	void aMissingConfigurationPropertiesBeanIsReportedWithEnableConfigurationProperties(CapturedOutput output) {
		assertThatIllegalStateException().isThrownBy(() -> start(new WithoutShopProperties()));
		assertThat(output).contains("required a bean of type '" + ShopProperties.class.getName() + "'")
			.contains("@EnableConfigurationProperties(ShopProperties.class)")
			.doesNotContain("@Import(ShopProperties.class)");
	}

	@Test
	void configurationPropertiesImportedAsAComponentAreReportedWithEnableConfigurationProperties(
			CapturedOutput output) {
		assertThatIllegalStateException().isThrownBy(() -> start(new WithShopPropertiesImported()));
		assertThat(output).contains("required a bean of type 'java.lang.String'")
			.contains("@EnableConfigurationProperties(ShopProperties.class)")
			.doesNotContain("@Import(String.class)");
	}

	@Test
	void theAnnotationTheReportNamesGivesTheBoundPropertiesToTheTest() throws Exception {
		WithShopPropertiesEnabled test = new WithShopPropertiesEnabled();
		start(test);
		test.client.initialize();
		assertThat(test.client.call("_shop.test/currency", Map.of())).hasResult("{\"currency\":\"EUR\"}");
	}

	private static void start(Object test) throws Exception {
		new TestContextManager(test.getClass()).prepareTestInstance(test);
	}

	@AcpTest
	static class WithoutShopProperties {

		@Autowired
		AcpTestClient client;

	}

	@AcpTest
	@Import(ShopProperties.class)
	static class WithShopPropertiesImported {

		@Autowired
		AcpTestClient client;

	}

	@AcpTest(properties = "shop.currency=EUR")
	@EnableConfigurationProperties(ShopProperties.class)
	static class WithShopPropertiesEnabled {

		@Autowired
		AcpTestClient client;

	}

}

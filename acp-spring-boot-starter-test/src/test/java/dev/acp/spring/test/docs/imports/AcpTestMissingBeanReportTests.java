package dev.acp.spring.test.docs.imports;

import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.FilterType;
import org.springframework.test.context.TestContextManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * An {@link AcpTest @AcpTest} whose handler needs a bean the slice left out fails with a
 * report saying how to give it to the test.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class AcpTestMissingBeanReportTests {

	@Test
	void aMissingBeanIsReportedWithTheWaysToImportIt(CapturedOutput output) {
		assertThatIllegalStateException().isThrownBy(() -> start(new WithoutPriceList()))
			.withMessageContaining("Failed to load ApplicationContext");
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("required a bean of type '" + PriceList.class.getName() + "' that could not be found")
			.contains("@AcpTest starts only the beans that serve ACP")
			.contains("@Import(PriceList.class)")
			.contains(
					"@AcpTest(includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = PriceList.class))")
			.contains("@MockitoBean PriceList");
	}

	@Test
	void theIncludeFilterTheReportNamesGivesTheBeanToTheTest() throws Exception {
		WithPriceListIncluded test = new WithPriceListIncluded();
		start(test);
		test.client.initialize();
		assertThat(test.client.call("_shop.example/quote", java.util.Map.of("item", "tea"))).succeeds();
	}

	private static void start(Object test) throws Exception {
		new TestContextManager(test.getClass()).prepareTestInstance(test);
	}

	@AcpTest
	static class WithoutPriceList {

		@Autowired
		AcpTestClient client;

	}

	@AcpTest(includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = PriceList.class))
	static class WithPriceListIncluded {

		@Autowired
		AcpTestClient client;

	}

}

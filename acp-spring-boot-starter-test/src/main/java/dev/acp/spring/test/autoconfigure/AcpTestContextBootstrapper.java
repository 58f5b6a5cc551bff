package dev.acp.spring.test.autoconfigure;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;

/**
 * Bootstraps an {@link AcpTest @AcpTest}: its properties after {@code acp.transport=none}
 * and {@code acp.sessions.store=memory}, and a property marking the test as one, as
 * Spring Boot's own {@code SpringBootTestContextBootstrapper} does. These come before the
 * test's own properties ({@code @AcpTest(properties)}, {@code @TestPropertySource}),
 * which override them, and after the application's.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpTestContextBootstrapper extends TestSliceTestContextBootstrapper<AcpTest> {

	/**
	 * A property set in every {@code @AcpTest}, read by {@link AcpTestFailureAnalyzer}.
	 */
	static final String MARKER = AcpTest.class.getName();

	@Override
	protected String[] getProperties(Class<?> testClass) {
		List<String> properties = new ArrayList<>(
				List.of("acp.transport=none", "acp.sessions.store=memory", MARKER + "=true"));
		String[] declared = super.getProperties(testClass);
		if (declared != null) {
			properties.addAll(Arrays.asList(declared));
		}
		return properties.toArray(new String[0]);
	}

}

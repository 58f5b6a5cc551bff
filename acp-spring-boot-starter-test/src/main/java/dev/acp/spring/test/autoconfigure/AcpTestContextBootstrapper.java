package dev.acp.spring.test.autoconfigure;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;
import org.springframework.util.StringUtils;

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
		String[] properties = super.getProperties(testClass);
		return StringUtils.concatenateStringArrays(
				new String[] { "acp.transport=none", "acp.sessions.store=memory", MARKER + "=true" }, properties);
	}

}

package dev.acp.spring.test.autoconfigure;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;
import org.springframework.util.StringUtils;

/**
 * Bootstraps an {@link AcpTest @AcpTest}: its properties after
 * {@code acp.transport=none}, and a property marking the test as one, as Spring Boot's
 * own {@code SpringBootTestContextBootstrapper} does.
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
		return StringUtils.concatenateStringArrays(new String[] { "acp.transport=none", MARKER + "=true" }, properties);
	}

}

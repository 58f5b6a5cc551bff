package dev.acp.spring.test.autoconfigure;

import org.springframework.boot.test.autoconfigure.TestSliceTestContextBootstrapper;
import org.springframework.util.StringUtils;

/**
 * Bootstraps an {@link AcpTest @AcpTest}: its properties after
 * {@code acp.transport=none}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpTestContextBootstrapper extends TestSliceTestContextBootstrapper<AcpTest> {

	@Override
	protected String[] getProperties(Class<?> testClass) {
		String[] properties = super.getProperties(testClass);
		return StringUtils.concatenateStringArrays(new String[] { "acp.transport=none" }, properties);
	}

}

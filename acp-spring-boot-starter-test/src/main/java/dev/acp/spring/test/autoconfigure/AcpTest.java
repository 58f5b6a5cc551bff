package dev.acp.spring.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A test of an ACP agent's handlers that starts only the ACP parts of the application:
 * the ACP and Jackson auto-configurations (Bean Validation when present) and, from
 * component scanning, only the beans that serve ACP: classes with {@code @AcpMethod} or
 * {@code @AcpNotification} methods or annotated {@code @AcpExtension}, what a handler's
 * call passes through in production ({@code @AcpControllerAdvice} beans,
 * {@code AcpHandlerInterceptor}, {@code AcpArgumentResolver} and
 * {@code AcpSessionListener} beans) and {@code AcpCapabilitiesCustomizer} beans. No web
 * server, no transport ({@code acp.transport=none}); an
 * {@link dev.acp.spring.test.AcpTestClient} can be injected (a new connection per
 * injection point).
 * <p>
 * Sessions are kept in memory ({@code acp.sessions.store=memory}) whatever the
 * application's configuration says, unless the test sets {@code acp.sessions.store}
 * itself (in {@link #properties()} or {@code @TestPropertySource}): with
 * {@code acp.sessions.store=jdbc} the slice adds the JDBC session store and Spring Boot's
 * {@code DataSource} auto-configurations, on the database the test gives it.
 *
 * <pre class="code">
 * &#64;AcpTest
 * class AnalyticsTests {
 *
 *     &#64;Autowired
 *     AcpTestClient client;
 *
 *     &#64;Test
 *     void summaryCountsEvents() {
 *         this.client.initialize();
 *         this.client.notify("_example.com/analytics/event", Map.of("event", "model_call"));
 *         assertThat(this.client.call("_example.com/analytics/summary", Map.of())).hasResult("{\"total\":1}");
 *     }
 *
 * }
 * </pre>
 *
 * Other beans the handlers need come from {@code @Import} or {@code @MockitoBean}, or
 * from {@link #includeFilters()}; when one is missing, the test fails to start with a
 * report naming it and these three ways.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(AcpTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(AcpTypeExcludeFilter.class)
@ImportAutoConfiguration
public @interface AcpTest {

	/**
	 * Properties in form {@literal key=value} added to the environment before the test
	 * runs (after {@code acp.transport=none} and {@code acp.sessions.store=memory}, which
	 * they may override).
	 * @return the properties
	 */
	String[] properties() default {};

	/**
	 * Whether the default filters apply to component scanning: only the beans that serve
	 * ACP are included.
	 * @return whether default filters are used
	 */
	boolean useDefaultFilters() default true;

	/**
	 * Include filters adding otherwise filtered beans to the application context.
	 * @return include filters to apply
	 */
	Filter[] includeFilters() default {};

	/**
	 * Exclude filters removing beans that would otherwise be added.
	 * @return exclude filters to apply
	 */
	Filter[] excludeFilters() default {};

	/**
	 * Auto-configurations to leave out of this test.
	 * @return auto-configuration exclusions to apply
	 */
	@AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
	Class<?>[] excludeAutoConfiguration() default {};

}

package dev.acp.spring.inspector;

import dev.acp.spring.autoconfigure.AcpHttpProperties;
import dev.acp.spring.autoconfigure.AcpWebSocketProperties;
import dev.acp.spring.autoconfigure.AcpProtocolProperties;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.servlet.function.RouterFunction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Tests for {@link AcpInspectorAutoConfiguration}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpInspectorAutoConfigurationTests {

	private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AcpInspectorAutoConfiguration.class))
		.withUserConfiguration(AcpPropertiesConfiguration.class);

	@Test
	void servesNothingByDefault() {
		this.runner.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).doesNotHaveBean(AcpInspectorProperties.class);
			assertThat(context).doesNotHaveBean("acpInspectorRoutes");
		});
	}

	@Test
	void servesThePageWhenEnabled() {
		this.runner.withPropertyValues("acp.inspector.enabled=true").run((context) -> {
			assertThat(context).hasBean("acpInspectorRoutes");
			assertThat(context.getBean(AcpInspectorProperties.class).getPath()).isEqualTo("/inspector");
		});
	}

	@Test
	void servesNothingInAnApplicationThatIsNotAWebApplication() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AcpInspectorAutoConfiguration.class))
			.withUserConfiguration(AcpPropertiesConfiguration.class)
			.withPropertyValues("acp.inspector.enabled=true")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean("acpInspectorRoutes");
			});
	}

	@Test
	void servesThePageAtACustomPath() {
		this.runner.withPropertyValues("acp.inspector.enabled=true", "acp.inspector.path=/tools/acp/")
			.run((context) -> {
				MockMvc mvc = MockMvcBuilders
					.routerFunctions(context.getBean("acpInspectorRoutes", RouterFunction.class))
					.build();
				mvc.perform(get("/tools/acp/"))
					.andExpect(status().isOk())
					.andExpect(content().string(org.hamcrest.Matchers.containsString("data-test=\"connect\"")));
				mvc.perform(get("/tools/acp"))
					.andExpect(status().isTemporaryRedirect())
					.andExpect(header().string("Location", "/tools/acp/"));
				mvc.perform(get("/inspector/")).andExpect(status().isNotFound());
			});
	}

	@Test
	void aPathNotBelowTheRootFailsStartUp() {
		this.runner.withPropertyValues("acp.inspector.enabled=true", "acp.inspector.path=inspector")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("acp.inspector.path must be a path below the root"));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties({ AcpWebSocketProperties.class, AcpHttpProperties.class,
			AcpProtocolProperties.class })
	static class AcpPropertiesConfiguration {

	}

}

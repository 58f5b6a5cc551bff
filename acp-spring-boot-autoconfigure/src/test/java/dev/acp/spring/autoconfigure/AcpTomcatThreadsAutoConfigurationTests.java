package dev.acp.spring.autoconfigure;

import org.apache.catalina.connector.Connector;
import org.apache.coyote.AbstractProtocol;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.assertj.AssertableWebApplicationContext;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the cap on Tomcat's request threads under the remote transports.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpTomcatThreadsAutoConfigurationTests {

	/**
	 * Boot's {@code server.tomcat.threads.max} default, which its own customizer sets.
	 */
	private static final int BOOT_DEFAULT = 200;

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpWebSocketAutoConfiguration.class));

	@Test
	void remoteTransportsCapTomcatsRequestThreadsAtFourPerProcessorAndSixteenAtLeast() {
		int cap = TomcatWorkerThreadsCustomizer.defaultMaxThreads(Runtime.getRuntime().availableProcessors());
		for (String transport : new String[] { "websocket", "http" }) {
			this.contextRunner.withPropertyValues("acp.transport=" + transport).run((context) -> {
				AbstractProtocol<?> protocol = customizedProtocol(context);
				assertThat(protocol.getMaxThreads()).isEqualTo(cap).isLessThan(BOOT_DEFAULT);
				assertThat(protocol.getMinSpareThreads()).isLessThanOrEqualTo(cap);
			});
		}
		assertThat(TomcatWorkerThreadsCustomizer.defaultMaxThreads(2)).isEqualTo(16);
		assertThat(TomcatWorkerThreadsCustomizer.defaultMaxThreads(8)).isEqualTo(32);
	}

	@Test
	void anApplicationSettingServerTomcatThreadsMaxKeepsItsOwnNumber() {
		this.contextRunner.withPropertyValues("acp.transport=websocket", "server.tomcat.threads.max=" + BOOT_DEFAULT)
			.run((context) -> assertThat(customizedProtocol(context).getMaxThreads()).isEqualTo(BOOT_DEFAULT));
	}

	@Test
	void otherTransportsLeaveTomcatAlone() {
		this.contextRunner.withPropertyValues("acp.transport=none")
			.run((context) -> assertThat(context).doesNotHaveBean(TomcatWorkerThreadsCustomizer.class));
	}

	/**
	 * A connector as Boot's customizer leaves it (200 threads, 10 spare), passed through
	 * the connector customizers the starter's customizer adds to a factory.
	 */
	private static AbstractProtocol<?> customizedProtocol(AssertableWebApplicationContext context) {
		assertThat(context).hasNotFailed();
		TomcatServletWebServerFactory factory = new TomcatServletWebServerFactory();
		context.getBeansOfType(TomcatWorkerThreadsCustomizer.class).values().forEach((c) -> c.customize(factory));
		Connector connector = new Connector();
		AbstractProtocol<?> protocol = (AbstractProtocol<?>) connector.getProtocolHandler();
		protocol.setMaxThreads(BOOT_DEFAULT);
		protocol.setMinSpareThreads(10);
		factory.getConnectorCustomizers().forEach((customizer) -> customizer.customize(connector));
		return protocol;
	}

}

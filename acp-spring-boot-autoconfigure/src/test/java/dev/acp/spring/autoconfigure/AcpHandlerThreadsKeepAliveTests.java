package dev.acp.spring.autoconfigure;

import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of how long idle handler threads are kept.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpHandlerThreadsKeepAliveTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "acp.handlers.virtual-threads=false");

	@Test
	void idleHandlerThreadsAreKeptAMinuteByDefault() {
		this.contextRunner.run((context) -> {
			AcpHandlerThreads threads = context.getBean(AcpHandlerThreads.class);
			assertThat(keepAliveSeconds(threads.executor())).isEqualTo(60);
			assertThat(keepAliveSeconds(threads.controlExecutor())).isEqualTo(60);
		});
	}

	@Test
	void idleHandlerThreadsLeaveAfterTheConfiguredKeepAlive() {
		this.contextRunner.withPropertyValues("acp.handlers.keep-alive=5s").run((context) -> {
			AcpHandlerThreads threads = context.getBean(AcpHandlerThreads.class);
			assertThat(keepAliveSeconds(threads.executor())).isEqualTo(5);
			assertThat(keepAliveSeconds(threads.controlExecutor())).isEqualTo(5);
		});
	}

	@Test
	void aKeepAliveBelowAMillisecondFailsStartUp() {
		this.contextRunner.withPropertyValues("acp.handlers.keep-alive=0s")
			.run((context) -> assertThat(context).hasFailed());
	}

	private static long keepAliveSeconds(Object executor) {
		return ((ThreadPoolExecutor) executor).getKeepAliveTime(TimeUnit.SECONDS);
	}

}

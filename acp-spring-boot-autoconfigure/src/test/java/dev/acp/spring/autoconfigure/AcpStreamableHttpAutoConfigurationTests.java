package dev.acp.spring.autoconfigure;

import dev.acp.spring.transport.http.StreamableHttpHandler;
import dev.acp.spring.transport.http.StreamableHttpHandlerMapping;
import dev.acp.spring.transport.http.StreamableHttpObservationPredicate;
import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the Streamable HTTP wiring: which transports serve it, and how it is turned
 * off.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpStreamableHttpAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpWebSocketAutoConfiguration.class));

	@Test
	void httpTransportServesStreamableHttpAndWebSocketUnderTheNameHttp() {
		this.contextRunner.withPropertyValues("acp.transport=http").run((context) -> {
			assertThat(context).hasNotFailed()
				.hasSingleBean(StreamableHttpHandler.class)
				.hasSingleBean(StreamableHttpHandlerMapping.class)
				.hasSingleBean(StreamableHttpObservationPredicate.class)
				.hasBean("acpStreamableHttpMessageFilter")
				.hasSingleBean(AcpWebSocketHandler.class);
			assertThat(context.getBean(AcpTransportStatus.class).transportName()).isEqualTo("http");
		});
	}

	@Test
	void webSocketTransportServesStreamableHttpTooUnlessTurnedOff() {
		this.contextRunner.withPropertyValues("acp.transport=websocket").run((context) -> {
			assertThat(context).hasSingleBean(StreamableHttpHandler.class).hasSingleBean(AcpWebSocketHandler.class);
			assertThat(context.getBean(AcpTransportStatus.class).transportName()).isEqualTo("websocket");
		});
		this.contextRunner.withPropertyValues("acp.transport=websocket", "acp.http.streamable.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(StreamableHttpHandler.class)
				.doesNotHaveBean(StreamableHttpHandlerMapping.class)
				.doesNotHaveBean(StreamableHttpObservationPredicate.class)
				.doesNotHaveBean("acpStreamableHttpMessageFilter")
				.hasSingleBean(AcpWebSocketHandler.class));
	}

	@Test
	void otherTransportsServeNoHttp() {
		this.contextRunner.withPropertyValues("acp.transport=none")
			.run((context) -> assertThat(context).doesNotHaveBean(StreamableHttpHandler.class)
				.doesNotHaveBean(AcpWebSocketHandler.class));
	}

	@Test
	void httpDefaultsKeepStreamsAliveBelowCommonProxyTimeouts() {
		AcpHttpProperties http = new AcpHttpProperties();
		assertThat(http.getStreamable().isEnabled()).isTrue();
		assertThat(http.getKeepAliveInterval()).isLessThan(java.time.Duration.ofSeconds(60));
		assertThat(http.getMaxQueued()).isGreaterThanOrEqualTo(new AcpWebSocketProperties().getMaxMessageSize());
	}

}

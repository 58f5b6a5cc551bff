package dev.acp.spring.test.slice;

import java.util.Map;

import dev.acp.spring.autoconfigure.AcpWebSocketAutoConfiguration;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.socket.WebSocketHandler;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AcpTest @AcpTest} starts the ACP parts and the handler beans, nothing else.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AcpTest
class AcpTestSliceTests {

	@Autowired
	private AcpTestClient client;

	@Autowired
	private ApplicationContext context;

	@Test
	void handlerBeansAreServedToTheInjectedClient() {
		this.client.initialize();
		assertThat(this.client.call("_slice.test/greet", Map.of("name", "Ada")))
			.hasResult("{\"greeting\":\"Hello, Ada\"}");
	}

	@Test
	void controllerAdviceAnswersTheHandlersExceptionsAsInProduction() {
		this.client.initialize();
		assertThat(this.client.call("_slice.test/price", Map.of("quantity", 0))).failsWith(JsonRpcError.INVALID_PARAMS)
			.hasMessage("quantity must be at least 1");
	}

	@Test
	void interceptorsRunAroundTheHandlersAsInProduction() {
		this.client.initialize();
		assertThat(this.client.call("_slice.test/expensive", Map.of())).failsWith(QuotaInterceptor.QUOTA_EXCEEDED)
			.hasMessage("Quota exceeded");
	}

	@Test
	void beansMarkedAsAnExtensionAreIncluded() {
		assertThat(this.context.getBeansOfType(GreetingHandler.class)).hasSize(1);
		assertThat(this.context.getBeansOfType(MarkedExtension.class)).hasSize(1);
	}

	@Test
	void noWebApplicationNoTransportAndNoUnrelatedBeans() {
		assertThat(this.context).isNotInstanceOf(WebApplicationContext.class);
		assertThat(this.context.getBeansOfType(UnrelatedService.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(AcpWebSocketAutoConfiguration.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(WebSocketHandler.class)).isEmpty();
		assertThat(this.context.getEnvironment().getProperty("acp.transport")).isEqualTo("none");
	}

}

package dev.acp.spring.test.slice;

import java.util.Map;

import dev.acp.spring.test.AcpTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A whole application's {@code @SpringBootTest} gets test clients injected, each its own
 * connection.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootTest(properties = "acp.transport=none")
class SpringBootTestClientTests {

	@Autowired
	private AcpTestClient client;

	@Autowired
	private AcpTestClient other;

	@Autowired
	private ApplicationContext context;

	@Test
	void injectedClientsDriveTheWholeApplicationEachOnItsOwnConnection() {
		this.client.initialize();
		assertThat(this.client.call("_slice.test/greet", Map.of("name", "Ada")))
			.hasResult("{\"greeting\":\"Hello, Ada\"}");
		assertThat(this.other).isNotSameAs(this.client);
		assertThat(this.other.agentConnection().isInitialized()).isFalse();
		assertThat(this.context.getBeansOfType(UnrelatedService.class)).hasSize(1);
	}

}

package dev.acp.spring.test.docs.quickstart;

import java.util.Map;

import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

// README "Quick start": the snippet is copied from this file (DocsSnippetsTests holds them together)
@AcpTest
class GreeterTests {

	@Autowired
	AcpTestClient client;

	@Test
	void greetsByName() {
		assertThat(client.initialize().agentCapabilities().meta()).containsKey("example.com/greeting");
		assertThat(client.call("_example.com/greeting/hello", Map.of("name", "Ada")))
			.hasResult("{\"text\":\"Hello, Ada!\"}");
	}

}

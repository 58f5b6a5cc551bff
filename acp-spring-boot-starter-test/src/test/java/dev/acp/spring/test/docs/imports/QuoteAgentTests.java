package dev.acp.spring.test.docs.imports;

import java.util.Map;

import dev.acp.spring.test.AcpTestClient;
import dev.acp.spring.test.autoconfigure.AcpTest;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

// docs/testing.md "Beans your handlers need": the snippet is copied from this file (DocsSnippetsTests holds them
// together)
// PriceList is a @Service, not a bean that serves ACP: the slice leaves it out
@AcpTest
@Import(PriceList.class)
class QuoteAgentTests {

	@Autowired
	AcpTestClient client;

	@Test
	void quotesThePriceOfTheList() {
		client.initialize();
		assertThat(client.call("_shop.example/quote", Map.of("item", "tea")))
			.hasResult("{\"item\":\"tea\",\"price\":2.50}");
	}

}
